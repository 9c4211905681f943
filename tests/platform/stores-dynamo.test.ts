/** The stores' contracts (tests/contracts/) on the DynamoDB adapters, against DynamoDB Local (every `make` its own table). */
import { DynamoDigestStore } from '../../functions/storage/digest-dynamo.js';
import { DynamoLobbyStore } from '../../functions/storage/lobby-dynamo.js';
import { DynamoNotifyStore } from '../../functions/storage/notify-dynamo.js';
import { DynamoPlayerStore } from '../../functions/storage/players-dynamo.js';
import { describeLobbyStoreContract } from '../contracts/lobby-store.contract.js';
import { describeMatchStoreContract } from '../contracts/match-store.contract.js';
import { describeNotifyStoreContract } from '../contracts/notify-store.contract.js';
import { describeDigestStoreContract, describePlayerStoreContract } from '../contracts/player-store.contract.js';
import { freshTable } from '../support/dynamo.js';

const playerStores = async () => {
  const table = await freshTable('p');
  return { players: new DynamoPlayerStore(table.doc, table.tableName), digests: new DynamoDigestStore(table.doc, table.tableName) };
};

describeMatchStoreContract('DynamoDB', async () => (await freshTable()).store);
describePlayerStoreContract('DynamoDB', playerStores);
describeDigestStoreContract('DynamoDB', playerStores);
describeNotifyStoreContract('DynamoDB', async () => {
  const table = await freshTable('n');
  return { matches: table.store, notify: new DynamoNotifyStore(table.doc, table.tableName) };
});
describeLobbyStoreContract('DynamoDB', async () => {
  const table = await freshTable('l');
  return { matches: table.store, lobby: new DynamoLobbyStore(table.doc, table.tableName) };
});
