/**
 * The live channel's sender on AWS: API Gateway's PostToConnection on the WebSocket API's stage
 * (LIVE_ENDPOINT, its callback URL). A connection API Gateway no longer has (410 Gone) is reported
 * 'gone', and the service then drops its subscriptions. A connection past its limits is closed with
 * DeleteConnection (functions/live/limits.ts).
 */
import { ApiGatewayManagementApiClient, DeleteConnectionCommand, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { LiveSender } from '../live/port.js';
import type { ServerMessage } from '../live/protocol.js';

export function apiGatewaySender(client: Pick<ApiGatewayManagementApiClient, 'send'>): LiveSender {
  return {
    async send(connectionId: string, message: ServerMessage) {
      try {
        await client.send(
          new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(JSON.stringify(message)) }),
        );
        return 'sent';
      } catch (err) {
        if (gone(err)) return 'gone';
        throw err;
      }
    },
    async close(connectionId: string) {
      try {
        await client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
      } catch (err) {
        if (!gone(err)) throw err;
      }
    },
  };
}

function gone(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'GoneException' || e.$metadata?.httpStatusCode === 410;
}

export function senderFromEnv(env: Record<string, string | undefined>): LiveSender {
  if (!env.LIVE_ENDPOINT) throw new Error('LIVE_ENDPOINT (the WebSocket stage callback URL) is not set');
  return apiGatewaySender(new ApiGatewayManagementApiClient({ endpoint: env.LIVE_ENDPOINT }));
}
