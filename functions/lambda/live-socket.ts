/**
 * The live channel's WebSocket API on AWS: one function behind its three routes. `$connect` lets in
 * only this site's pages (Origin = PUBLIC_URL); `$default` takes the protocol's messages (subscribe
 * with a seat token or the spectator secret, ping) and answers through PostToConnection;
 * `$disconnect` forgets the connection's subscriptions. Subscriptions live in the table
 * (functions/storage/live-dynamo.ts); the pokes go out from functions/lambda/live-poke.ts.
 */
import './source-maps.js';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { gameRegistry } from '#shared/games/index.js';
import { LiveService } from '../live/service.js';
import { MatchService } from '../matches/service.js';
import { DynamoMatchStore, dynamoClientFromEnv } from '../storage/dynamo.js';
import { DynamoConnectionStore } from '../storage/live-dynamo.js';
import { DEFAULT_TABLE } from '../storage/table.js';
import { senderFromEnv } from './live-sender.js';
import { lambdaObserve } from './observe.js';

const db = dynamoClientFromEnv(process.env);
const tableName = process.env.TABLE_NAME ?? DEFAULT_TABLE;
const matches = new MatchService({ store: new DynamoMatchStore(db, tableName), games: gameRegistry, clock: Date.now });
let live: LiveService | undefined;
const observe = lambdaObserve('liveSocket');
const service = () => {
  live ??= new LiveService({
    matches,
    connections: new DynamoConnectionStore(db, tableName),
    sender: senderFromEnv(process.env),
    log: observe.log,
  });
  return live;
};

/** $connect's check: a browser always sends Origin on a WebSocket; another site's page is refused. */
export function originAllowed(origin: string | undefined, publicUrl: string | undefined): boolean {
  if (!publicUrl) return true;
  return origin === new URL(publicUrl).origin;
}

type SocketEvent = APIGatewayProxyWebsocketEventV2 & { headers?: Record<string, string | undefined> };

export const handler = (event: SocketEvent, context?: unknown): Promise<APIGatewayProxyResultV2> =>
  observe.invocation(context, { correlationId: event.requestContext.requestId, route: event.requestContext.routeKey }, () => socket(event));

async function socket(event: SocketEvent): Promise<APIGatewayProxyResultV2> {
  const { routeKey, connectionId } = event.requestContext;
  if (routeKey === '$connect') {
    return originAllowed(event.headers?.origin ?? event.headers?.Origin, process.env.PUBLIC_URL)
      ? { statusCode: 200 }
      : { statusCode: 403 };
  }
  if (routeKey === '$disconnect') {
    await service().disconnect(connectionId);
    return { statusCode: 200 };
  }
  await service().receive(connectionId, event.body ?? '');
  return { statusCode: 200 };
}
