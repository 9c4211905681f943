/**
 * A seat's chat-app webhooks (Bearer seat token, like every seat route): its own, and the match's (a group's
 * channel, which any seat of the match may add, test, pause or remove). The logic is
 * functions/notify/webhook-settings.ts; delivery is the dispatcher's (functions/notify/webhook-delivery.ts).
 *
 *   GET    /api/matches/:id/seats/:seat/webhooks                 this seat's webhooks and the match's
 *   POST   /api/matches/:id/seats/:seat/webhooks                 {url, scope?, lang?}: 201 with the secret, shown once
 *   POST   /api/matches/:id/seats/:seat/webhooks/:hook/test      a test message now (a few an hour)
 *   PUT    /api/matches/:id/seats/:seat/webhooks/:hook/paused    {paused}: pause, or resume (failures forgotten)
 *   DELETE /api/matches/:id/seats/:seat/webhooks/:hook
 */
import { type Context, Hono } from 'hono';
import type { Seat } from '#shared/engine/game.js';
import { langOf } from '../../i18n.js';
import { matchUrl } from '../../notify/compose.js';
import type { WebhookSettings } from '../../notify/webhook-settings.js';
import type { WebhookOwner } from '../../notify/webhooks.js';
import { type ApiAnswer, type ApiRoutes, createRoute, on, SEAT_REFUSALS } from '../api-route.js';
import { parseIn } from '../localized.js';
import { requiredJsonBody, seatCaller, type RouteContext } from '../request.js';
import type { Answer, WebhookAddedResponse, WebhookResponse, WebhookTestResponse, WebhooksResponse } from '../responses.js';
import { SeatPath, WebhookId, WebhookPath, WebhookPauseRequest, WebhookRequest } from '../schemas.js';

export interface WebhookRouteContext extends RouteContext {
  webhooks: WebhookSettings;
  /** The site's origin for the link in a test message; the request's own origin when not set. */
  publicUrl?: string;
}

/** The owners a seat may manage: itself, and its match's channel. */
const ownersOf = (id: string, seat: Seat): WebhookOwner[] => [
  { kind: 'seat', matchId: id, seat },
  { kind: 'match', matchId: id },
];

/** Mounted under /api/matches. */
export function webhookRoutes(ctx: WebhookRouteContext): Hono {
  const app = new Hono();
  const { service, webhooks } = ctx;
  const hookOf = (c: Context) => parseIn(c, WebhookId(), c.req.param('hook'), 'request');

  on(app, webhookApi.list, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    return c.json({ webhooks: await webhooks.list(ownersOf(id, seat)) } satisfies Answer<typeof WebhooksResponse>);
  });

  on(app, webhookApi.add, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    const { url, scope, lang } = await requiredJsonBody(c, WebhookRequest());
    const owner: WebhookOwner = scope === 'match' ? { kind: 'match', matchId: id } : { kind: 'seat', matchId: id, seat };
    const added = await webhooks.add(owner, url, lang ?? langOf(c.req));
    return c.json(added satisfies Answer<typeof WebhookAddedResponse>, 201);
  });

  on(app, webhookApi.test, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    const origin = (ctx.publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '');
    const result = await webhooks.test(ownersOf(id, seat), hookOf(c), matchUrl(origin, id));
    return c.json(result satisfies Answer<typeof WebhookTestResponse>);
  });

  on(app, webhookApi.pause, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    const { paused } = await requiredJsonBody(c, WebhookPauseRequest());
    return c.json((await webhooks.setPaused(ownersOf(id, seat), hookOf(c), paused)) satisfies Answer<typeof WebhookResponse>);
  });

  on(app, webhookApi.remove, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    await webhooks.remove(ownersOf(id, seat), hookOf(c));
    return c.json({ webhooks: await webhooks.list(ownersOf(id, seat)) } satisfies Answer<typeof WebhooksResponse>);
  });

  return app;
}

const listed: ApiAnswer = { description: "This seat's webhooks and the match's", schema: (r) => r.WebhooksResponse };
const noHook = 'No such webhook for this seat or match';

export const webhookApi = {
  list: createRoute({
    method: 'get',
    path: '/{id}/seats/{seat}/webhooks',
    summary: "My chat-app webhooks for this match, and the match's own (a group's channel)",
    security: 'seatToken',
    request: { params: SeatPath },
    responses: { 200: listed, ...SEAT_REFUSALS },
  }),
  add: createRoute({
    method: 'post',
    path: '/{id}/seats/{seat}/webhooks',
    summary:
      'Send notices to a Discord or Slack incoming webhook, or to any HTTPS address as signed JSON (its secret is in this answer only)',
    security: 'seatToken',
    request: { params: SeatPath, body: WebhookRequest },
    responses: {
      201: { description: 'The webhook, and a signed one’s secret', schema: (r) => r.WebhookAddedResponse },
      400: 'Malformed body, or an address refused (not https, not Discord’s or Slack’s own, or private)',
      ...SEAT_REFUSALS,
      409: 'Too many webhooks here already',
      503: 'This site sends to no webhooks',
    },
  }),
  test: createRoute({
    method: 'post',
    path: '/{id}/seats/{seat}/webhooks/{hook}/test',
    summary: 'Send a test message to the webhook now, and say how it was answered',
    security: 'seatToken',
    request: { params: WebhookPath },
    responses: {
      200: { description: 'How the webhook answered', schema: (r) => r.WebhookTestResponse },
      ...SEAT_REFUSALS,
      404: noHook,
      429: 'Enough test messages for this hour',
    },
  }),
  pause: createRoute({
    method: 'put',
    path: '/{id}/seats/{seat}/webhooks/{hook}/paused',
    summary: 'Pause the webhook, or resume it (its failures forgotten)',
    security: 'seatToken',
    request: { params: WebhookPath, body: WebhookPauseRequest },
    responses: {
      200: { description: 'The webhook', schema: (r) => r.WebhookResponse },
      400: 'Malformed body',
      ...SEAT_REFUSALS,
      404: noHook,
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/{id}/seats/{seat}/webhooks/{hook}',
    summary: 'Remove the webhook',
    security: 'seatToken',
    request: { params: WebhookPath },
    responses: { 200: listed, ...SEAT_REFUSALS, 404: noHook },
  }),
} satisfies ApiRoutes;
