/** Wiring from environment variables: the same for Lambda and for the local server. */
import { gameRegistry } from '../shared/games/index.js';
import type { AppDeps } from './app.js';
import { notifyFromEnv, notifyRoutesFor } from './notify/env.js';
import { clientConfigFromEnv, DynamoMatchStore, dynamoClient } from './storage/dynamo.js';
import { DEFAULT_TABLE } from './storage/table.js';

export { DEFAULT_TABLE };

export function depsFromEnv(env: Record<string, string | undefined> = process.env): AppDeps {
  const db = dynamoClient(clientConfigFromEnv(env));
  const tableName = env.TABLE_NAME ?? DEFAULT_TABLE;
  const store = new DynamoMatchStore(db, tableName);
  return {
    store,
    games: gameRegistry,
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    // Notification settings, email confirmation and unsubscribe (functions/notify).
    extend: notifyRoutesFor(notifyFromEnv(env, tableName, { db }), store),
  };
}
