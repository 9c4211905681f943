/** The stores' contracts (tests/contracts/) on the DynamoDB adapters, against DynamoDB Local (every store its own table). */
import { describeMatchStoreContract } from '../contracts/match-store.contract.js';
import { freshTable } from '../support/dynamo.js';

describeMatchStoreContract('DynamoDB', async () => (await freshTable()).store);
