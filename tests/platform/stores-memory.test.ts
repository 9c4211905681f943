/** The stores' contracts (tests/contracts/) on the in-memory adapters (functions/storage/memory/): no database. */
import { MemoryChallengeStore } from '../../functions/storage/memory/challenges.js';
import { describeChallengeStoreContract } from '../contracts/challenge-store.contract.js';
import { MemoryFollowStore } from '../../functions/storage/memory/follows.js';
import { MemoryVacationStore } from '../../functions/storage/memory/vacation.js';
import { describeVacationStoreContract } from '../contracts/vacation-store.contract.js';
import { describeFollowStoreContract } from '../contracts/follow-store.contract.js';
import { MemoryLobbyStore } from '../../functions/storage/memory/lobby.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { MemoryNotifyStore } from '../../functions/storage/memory/notify.js';
import { MemoryDigestStore, MemoryPlayerStore } from '../../functions/storage/memory/players.js';
import { MemoryProfileStore } from '../../functions/storage/memory/profiles.js';
import { MemoryTable } from '../../functions/storage/memory/table.js';
import { MemoryWebhookStore } from '../../functions/storage/memory/webhooks.js';
import { describeWebhookStoreContract } from '../contracts/webhook-store.contract.js';
import { describeLobbyStoreContract } from '../contracts/lobby-store.contract.js';
import { describeMatchStoreContract } from '../contracts/match-store.contract.js';
import { describeNotifyStoreContract } from '../contracts/notify-store.contract.js';
import { describeDigestStoreContract, describePlayerStoreContract } from '../contracts/player-store.contract.js';
import { describeProfileStoreContract } from '../contracts/profile-store.contract.js';
import { MemoryRatingStore } from '../../functions/storage/memory/ratings.js';
import { describeRatingStoreContract } from '../contracts/rating-store.contract.js';
import { MemorySafetyStore } from '../../functions/storage/memory/safety.js';
import { describeSafetyStoreContract } from '../contracts/safety-store.contract.js';

const playerStores = async () => {
  const table = new MemoryTable();
  return { players: new MemoryPlayerStore(table), digests: new MemoryDigestStore(table) };
};

describeMatchStoreContract('in memory', async () => new MemoryMatchStore());
describePlayerStoreContract('in memory', playerStores);
describeDigestStoreContract('in memory', playerStores);
describeProfileStoreContract('in memory', async () => new MemoryProfileStore());
describeNotifyStoreContract('in memory', async () => {
  const table = new MemoryTable();
  return { matches: new MemoryMatchStore(table), notify: new MemoryNotifyStore(table) };
});

describeWebhookStoreContract('in memory', async () => new MemoryWebhookStore(new MemoryTable()));
describeRatingStoreContract('in memory', async () => new MemoryRatingStore());
describeLobbyStoreContract('in memory', async () => {
  const table = new MemoryTable();
  return { matches: new MemoryMatchStore(table), lobby: new MemoryLobbyStore(table) };
});
describeSafetyStoreContract('in memory', async () => {
  const table = new MemoryTable();
  return { safety: new MemorySafetyStore(table), profiles: new MemoryProfileStore(table) };
});
describeFollowStoreContract('in memory', async () => new MemoryFollowStore());

describeChallengeStoreContract('in memory', async () => new MemoryChallengeStore());

describeVacationStoreContract('in memory', async () => {
  const table = new MemoryTable();
  return { vacation: new MemoryVacationStore(table), players: new MemoryPlayerStore(table) };
});
