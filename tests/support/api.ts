/**
 * The app of tests/support/app.ts on a fresh table of DynamoDB Local (integration tier); the rest of that
 * file is exported from here too, for the files that use both.
 */
import { freshTable } from './dynamo.js';
import { type AppOptions, appOn } from './app.js';

export * from './app.js';

/** The app on a fresh table of DynamoDB Local (integration tier). */
export async function testApp(opts: AppOptions = {}) {
  return appOn(await freshTable(), opts);
}
