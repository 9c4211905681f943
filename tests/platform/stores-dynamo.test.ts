/** The stores' contracts (tests/contracts/) on the DynamoDB adapters, against DynamoDB Local (every `make` its own table). */
import { DynamoDigestStore } from '../../functions/storage/digest-dynamo.js';
import { DynamoChallengeStore } from '../../functions/storage/challenges-dynamo.js';
import { describeChallengeStoreContract } from '../contracts/challenge-store.contract.js';
import { DynamoFollowStore } from '../../functions/storage/follows-dynamo.js';
import { DynamoVacationStore } from '../../functions/storage/vacation-dynamo.js';
import { describeVacationStoreContract } from '../contracts/vacation-store.contract.js';
import { describeFollowStoreContract } from '../contracts/follow-store.contract.js';
import { DynamoLobbyStore } from '../../functions/storage/lobby-dynamo.js';
import { DynamoNotifyStore } from '../../functions/storage/notify-dynamo.js';
import { DynamoPlayerStore } from '../../functions/storage/players-dynamo.js';
import { DynamoProfileStore } from '../../functions/storage/profiles-dynamo.js';
import { describeLobbyStoreContract } from '../contracts/lobby-store.contract.js';
import { describeMatchStoreContract } from '../contracts/match-store.contract.js';
import { describeNotifyStoreContract } from '../contracts/notify-store.contract.js';
import { describeDigestStoreContract, describePlayerStoreContract } from '../contracts/player-store.contract.js';
import { describeProfileStoreContract } from '../contracts/profile-store.contract.js';
import { freshTable } from '../support/dynamo.js';
import { DynamoWebhookStore } from '../../functions/storage/webhooks-dynamo.js';
import { describeWebhookStoreContract } from '../contracts/webhook-store.contract.js';
import { DynamoRatingStore } from '../../functions/storage/ratings-dynamo.js';
import { describeRatingStoreContract } from '../contracts/rating-store.contract.js';
import { DynamoSafetyStore } from '../../functions/storage/safety-dynamo.js';
import { describeSafetyStoreContract } from '../contracts/safety-store.contract.js';
import { vi } from 'vitest';

// A bound for this file: the notify contract's sweeps read 256 shards of DynamoDB Local each, seconds on a quiet
// machine; three of its tests failed on the 60 s default at a load average of 27 (the fresh-clone run of 2026-11-28).
vi.setConfig({ testTimeout: 300_000 });

const playerStores = async () => {
  const table = await freshTable('p');
  return { players: new DynamoPlayerStore(table.doc, table.tableName), digests: new DynamoDigestStore(table.doc, table.tableName) };
};

describeMatchStoreContract('DynamoDB', async () => (await freshTable()).store);
describePlayerStoreContract('DynamoDB', playerStores);
describeDigestStoreContract('DynamoDB', playerStores);
describeProfileStoreContract('DynamoDB', async () => {
  const table = await freshTable('pr');
  return new DynamoProfileStore(table.doc, table.tableName);
});
describeNotifyStoreContract('DynamoDB', async () => {
  const table = await freshTable('n');
  return { matches: table.store, notify: new DynamoNotifyStore(table.doc, table.tableName) };
});

describeWebhookStoreContract('DynamoDB', async () => {
  const table = await freshTable('w');
  return new DynamoWebhookStore(table.doc, table.tableName);
});

describeRatingStoreContract('DynamoDB', async () => {
  const table = await freshTable('r');
  return new DynamoRatingStore(table.doc, table.tableName);
});

describeLobbyStoreContract('DynamoDB', async () => {
  const table = await freshTable('l');
  return { matches: table.store, lobby: new DynamoLobbyStore(table.doc, table.tableName) };
});

describeSafetyStoreContract('DynamoDB', async () => {
  const table = await freshTable('s');
  return { safety: new DynamoSafetyStore(table.doc, table.tableName), profiles: new DynamoProfileStore(table.doc, table.tableName) };
});

describeFollowStoreContract('DynamoDB', async () => {
  const table = await freshTable('f');
  return new DynamoFollowStore(table.doc, table.tableName);
});

describeChallengeStoreContract('DynamoDB', async () => {
  const table = await freshTable('c');
  return new DynamoChallengeStore(table.doc, table.tableName);
});

describeVacationStoreContract('DynamoDB', async () => {
  const table = await freshTable('v');
  return { vacation: new DynamoVacationStore(table.doc, table.tableName), players: new DynamoPlayerStore(table.doc, table.tableName) };
});
