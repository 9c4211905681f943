/**
 * The live channel's sender on AWS: API Gateway's PostToConnection on the WebSocket API's stage
 * (LIVE_ENDPOINT, its callback URL). A connection API Gateway no longer has (410 Gone) is reported
 * 'gone', and the service then drops its subscriptions.
 */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
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
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'GoneException' || e.$metadata?.httpStatusCode === 410) return 'gone';
        throw err;
      }
    },
  };
}

export function senderFromEnv(env: Record<string, string | undefined>): LiveSender {
  if (!env.LIVE_ENDPOINT) throw new Error('LIVE_ENDPOINT (the WebSocket stage callback URL) is not set');
  return apiGatewaySender(new ApiGatewayManagementApiClient({ endpoint: env.LIVE_ENDPOINT }));
}
