import type { TestProject } from 'vitest/node';
import { startDynamoLocal, type DynamoLocal } from '../../functions/local/dynamo-local.js';

/**
 * One DynamoDB Local for the whole run, shared by the projects that name this file (integration,
 * browser): each project runs its own global setup, so the first starts it and the last stops it.
 */
interface Shared {
  dynamo: Promise<DynamoLocal>;
  users: number;
}
const KEY = Symbol.for('dutch.tests.dynamoLocal');
const holder = globalThis as { [KEY]?: Shared };

export async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  holder[KEY] ??= { dynamo: startDynamoLocal(), users: 0 };
  holder[KEY].users++;
  project.provide('dynamoEndpoint', (await holder[KEY].dynamo).endpoint);
}

export async function teardown() {
  const shared = holder[KEY];
  if (!shared || --shared.users > 0) return;
  holder[KEY] = undefined;
  await (await shared.dynamo).stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
