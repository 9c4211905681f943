/** The API on AWS Lambda behind API Gateway (HTTP API, payload v2). */
import './source-maps.js';
import { handle } from 'hono/aws-lambda';
import { createApp } from '../app.js';
import { depsFromEnv } from '../deps.js';
import { withSeatKey } from './seat-key.js';

// The seat key comes from Secrets Manager before the first request is served (once per container).
const serve = handle(createApp(depsFromEnv(await withSeatKey(process.env))));

type LambdaEvent = Parameters<typeof serve>[0];
type LambdaContext = Parameters<typeof serve>[1];

const HOST = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i;

/**
 * Behind CloudFront the request reaches API Gateway under the API's own host name, which would end up in
 * the links the API returns. The distribution's viewer-request function (infra/edge.ts) passes the site's
 * host on in `x-forwarded-host`; a direct call without it keeps the API Gateway host. PUBLIC_URL, when
 * set, wins over both (functions/deps.ts).
 */
function withViewerHost<E extends LambdaEvent>(event: E): E {
  const headers = (event as { headers?: Record<string, string | undefined> }).headers;
  const host = headers?.['x-forwarded-host'];
  const ctx = (event as { requestContext?: { domainName?: string } }).requestContext;
  if (!host || !HOST.test(host) || !ctx || !('domainName' in ctx)) return event;
  return { ...event, requestContext: { ...ctx, domainName: host } };
}

export const handler = (event: LambdaEvent, context?: LambdaContext) => serve(withViewerHost(event), context);
