/** The stores' contracts (tests/contracts/) on the in-memory adapters (functions/storage/memory/): no database. */
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { describeMatchStoreContract } from '../contracts/match-store.contract.js';

describeMatchStoreContract('in memory', async () => new MemoryMatchStore());
