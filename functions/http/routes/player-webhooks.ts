/**
 * A signed-in player's own chat-app webhooks (the session cookie): every notice of every seat the player holds
 * goes there too, with the same kinds, address checks, secret, test, pause and failure rules as a seat's
 * (functions/notify/webhook-settings.ts; routes/webhooks.ts for a seat's and a match's). Delivery is the
 * dispatcher's, which asks who holds the seat (functions/notify/webhook-delivery.ts `ownerOf`).
 *
 *   GET    /api/me/webhooks                      my webhooks
 *   POST   /api/me/webhooks                      {url, lang?}: 201 with the secret, shown once
 *   POST   /api/me/webhooks/:hook/test           a test message now (a few an hour)
 *   PUT    /api/me/webhooks/:hook/paused         {paused}: pause, or resume (failures forgotten)
 *   DELETE /api/me/webhooks/:hook
 */
import { type Context, Hono } from 'hono';
import { langOf } from '../../i18n.js';
import type { WebhookSettings } from '../../notify/webhook-settings.js';
import type { WebhookOwner } from '../../notify/webhooks.js';
import type { SignIn } from '../../players/signin.js';
import { type ApiAnswer, type ApiRoutes, createRoute, on, SIGNED_IN_REFUSALS } from '../api-route.js';
import { parseIn } from '../localized.js';
import { requiredJsonBody } from '../request.js';
import type { Answer, WebhookAddedResponse, WebhookResponse, WebhookTestResponse, WebhooksResponse } from '../responses.js';
import { PlayerWebhookPath, WebhookId, WebhookPauseRequest, WebhookRequest } from '../schemas.js';
import { mustBeSignedIn, requireSameSite } from '../session.js';

export interface PlayerWebhookRouteContext {
  webhooks: WebhookSettings;
  signIn: SignIn;
  /** The site's origin: the test message's link, and the Origin a change must come from. */
  publicUrl?: string;
}

/** Mounted under /api. */
export function playerWebhookRoutes(ctx: PlayerWebhookRouteContext): Hono {
  const app = new Hono();
  const { webhooks, signIn } = ctx;
  const hookOf = (c: Context) => parseIn(c, WebhookId(), c.req.param('hook'), 'request');
  /** The signed-in player as the one owner of these webhooks; a change must come from this site. */
  const owner = async (c: Context): Promise<WebhookOwner[]> => {
    if (c.req.method !== 'GET') requireSameSite(c, ctx.publicUrl);
    const who = await mustBeSignedIn(c, signIn);
    return [{ kind: 'player', playerId: who.player.id }];
  };

  on(app, playerWebhookApi.list, async (c) =>
    c.json({ webhooks: await webhooks.list(await owner(c)) } satisfies Answer<typeof WebhooksResponse>),
  );

  on(app, playerWebhookApi.add, async (c) => {
    const [mine] = await owner(c);
    const { url, lang } = await requiredJsonBody(c, WebhookRequest());
    const added = await webhooks.add(mine!, url, lang ?? langOf(c.req));
    return c.json(added satisfies Answer<typeof WebhookAddedResponse>, 201);
  });

  on(app, playerWebhookApi.test, async (c) => {
    const owners = await owner(c);
    const origin = (ctx.publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '');
    const result = await webhooks.test(owners, hookOf(c), `${origin}/account`);
    return c.json(result satisfies Answer<typeof WebhookTestResponse>);
  });

  on(app, playerWebhookApi.pause, async (c) => {
    const owners = await owner(c);
    const { paused } = await requiredJsonBody(c, WebhookPauseRequest());
    return c.json((await webhooks.setPaused(owners, hookOf(c), paused)) satisfies Answer<typeof WebhookResponse>);
  });

  on(app, playerWebhookApi.remove, async (c) => {
    const owners = await owner(c);
    await webhooks.remove(owners, hookOf(c));
    return c.json({ webhooks: await webhooks.list(owners) } satisfies Answer<typeof WebhooksResponse>);
  });

  return app;
}

const listed: ApiAnswer = { description: 'My webhooks', schema: (r) => r.WebhooksResponse };
const noHook = 'No such webhook of mine';
const refused = SIGNED_IN_REFUSALS;

export const playerWebhookApi = {
  list: createRoute({
    method: 'get',
    path: '/me/webhooks',
    summary: 'My chat-app webhooks: every notice of every seat I hold goes to them too',
    security: 'session',
    responses: { 200: listed, ...refused },
  }),
  add: createRoute({
    method: 'post',
    path: '/me/webhooks',
    summary:
      'Send all my notices to a Discord or Slack incoming webhook, or to any HTTPS address as signed JSON (its secret is in this answer only; `scope` is not used here)',
    security: 'session',
    request: { body: WebhookRequest },
    responses: {
      201: { description: 'The webhook, and a signed one’s secret', schema: (r) => r.WebhookAddedResponse },
      400: 'Malformed body, or an address refused (not https, not Discord’s or Slack’s own, or private)',
      ...refused,
      409: 'Too many webhooks already',
      503: 'This site sends to no webhooks',
    },
  }),
  test: createRoute({
    method: 'post',
    path: '/me/webhooks/{hook}/test',
    summary: 'Send a test message to my webhook now, and say how it was answered',
    security: 'session',
    request: { params: PlayerWebhookPath },
    responses: {
      200: { description: 'How the webhook answered', schema: (r) => r.WebhookTestResponse },
      ...refused,
      404: noHook,
      429: 'Enough test messages for this hour',
    },
  }),
  pause: createRoute({
    method: 'put',
    path: '/me/webhooks/{hook}/paused',
    summary: 'Pause my webhook, or resume it (its failures forgotten)',
    security: 'session',
    request: { params: PlayerWebhookPath, body: WebhookPauseRequest },
    responses: {
      200: { description: 'The webhook', schema: (r) => r.WebhookResponse },
      400: 'Malformed body',
      ...refused,
      404: noHook,
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/me/webhooks/{hook}',
    summary: 'Remove my webhook',
    security: 'session',
    request: { params: PlayerWebhookPath },
    responses: { 200: listed, ...refused, 404: noHook },
  }),
} satisfies ApiRoutes;
