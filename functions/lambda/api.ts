/**
 * The API on AWS Lambda, called through its function URL (payload v2, the same shape as an HTTP API's) by
 * CloudFront only: a request without CloudFront's secret origin header is refused first
 * (functions/lambda/origin-verify.ts). Each request runs as one invocation of the log and metrics ports
 * (functions/lambda/observe.ts): its lines carry a correlation id (the caller's `x-request-id` when it is a
 * plain token, else Lambda's request id for the URL call) and the match the path names; the answer echoes the
 * correlation id in `x-request-id`.
 */
import './source-maps.js';
import { handle } from 'hono/aws-lambda';
import { createApp } from '../app.js';
import { depsFromEnv } from '../deps.js';
import { lambdaObserve } from './observe.js';
import { guardOrigin, originSecretsFromEnv } from './origin-verify.js';
import { withSeatKey } from './seat-key.js';

const observe = lambdaObserve('api');
// The seat key comes from Secrets Manager before the first request is served (once per container).
const serve = handle(createApp({ ...depsFromEnv(await withSeatKey(process.env)), observe }));

type LambdaEvent = Parameters<typeof serve>[0];
type LambdaContext = Parameters<typeof serve>[1];

const HOST = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i;
/** A caller's own request id is taken only as a short plain token: it goes into log lines as it is. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const MATCH_PATH = /^\/api\/matches\/([A-Za-z0-9_-]{1,64})(?:\/|$)/;

type Gateway = { headers?: Record<string, string | undefined>; rawPath?: string; requestContext?: { requestId?: string } };

/** The request's correlation keys: its id (the caller's, else the URL call's), that call's id, the match in the path. */
export function correlationOf(event: Gateway): { correlationId: string; apiRequestId?: string; matchId?: string } {
  const apiRequestId = event.requestContext?.requestId;
  const own = event.headers?.['x-request-id'];
  const correlationId = own && REQUEST_ID.test(own) ? own : (apiRequestId ?? 'none');
  const matchId = MATCH_PATH.exec(event.rawPath ?? '')?.[1];
  return { correlationId, ...(apiRequestId ? { apiRequestId } : {}), ...(matchId ? { matchId } : {}) };
}

/**
 * Behind CloudFront the request reaches the function URL under its own host name, which would end up in
 * the links the API returns. The distribution's viewer-request function (infra/edge.ts) passes the site's
 * host on in `x-forwarded-host`; a call without it keeps the URL's host. PUBLIC_URL, when set, wins over
 * both (functions/deps.ts).
 */
function withViewerHost<E extends LambdaEvent>(event: E): E {
  const headers = (event as { headers?: Record<string, string | undefined> }).headers;
  const host = headers?.['x-forwarded-host'];
  const ctx = (event as { requestContext?: { domainName?: string } }).requestContext;
  if (!host || !HOST.test(host) || !ctx || !('domainName' in ctx)) return event;
  return { ...event, requestContext: { ...ctx, domainName: host } };
}

const served = (event: LambdaEvent, context?: LambdaContext) => {
  const keys = correlationOf(event as Gateway);
  return observe.invocation(context, keys, async () => {
    const result = await serve(withViewerHost(event), context);
    const answer = result as { headers?: Record<string, string | number | boolean> };
    answer.headers = { ...answer.headers, 'x-request-id': keys.correlationId };
    return result;
  });
};

// Checked before anything else; without ORIGIN_VERIFY(_SECRET_ID) (tests, a direct deploy) nothing is checked.
export const handler = guardOrigin(originSecretsFromEnv(process.env), served);
