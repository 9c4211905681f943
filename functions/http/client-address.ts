/**
 * The network address a request came from, for per-client limits. Locally (@hono/node-server) it is
 * the socket's peer; on Lambda (its function URL, payload v2) the request arrives through CloudFront, whose viewer-request
 * function (infra/edge.ts) writes the viewer's IP into `x-viewer-address` (replacing a client's own),
 * else the event's `sourceIp` (CloudFront's own address there). IPv6 addresses count per /64 (one subscriber's whole network).
 * Null when the runtime tells nothing (app.request in tests).
 */
import type { Context } from 'hono';

type RuntimeEnv = {
  incoming?: { socket?: { remoteAddress?: string } };
  event?: { requestContext?: { http?: { sourceIp?: string } } };
};

export function clientAddressOf(c: Context): string | null {
  const env = c.env as RuntimeEnv | undefined;
  const node = env?.incoming?.socket?.remoteAddress;
  if (node) return networkOf(node);
  const lambda = env?.event?.requestContext?.http?.sourceIp;
  if (lambda) return networkOf(c.req.header('x-viewer-address') ?? lambda);
  return null;
}

export function networkOf(address: string): string {
  const a = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a);
  if (mapped) return mapped[1]!;
  if (!a.includes(':')) return a;
  // Expand '::' to get the first four groups.
  const [head = '', tail = ''] = a.split('::');
  const h = head ? head.split(':') : [];
  const t = a.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
