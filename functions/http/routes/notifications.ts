/**
 * The notification routes: a seat's settings (Bearer seat token, like every seat route), the VAPID
 * public key, and the pages behind the links in mails. The logic is functions/notify/settings.ts.
 *
 *   GET    /api/matches/:id/seats/:seat/notifications          channels, email state, devices, pause
 *   PATCH  /api/matches/:id/seats/:seat/notifications          {email?, push?}: switch a channel on/off
 *   PUT    /api/matches/:id/seats/:seat/notifications/email    {address}: sends the one confirmation mail
 *   DELETE /api/matches/:id/seats/:seat/notifications/email
 *   POST   /api/matches/:id/seats/:seat/notifications/push     a PushSubscription's toJSON()
 *   DELETE /api/matches/:id/seats/:seat/notifications/push     {endpoint}
 *   GET    /api/push/public-key                                the VAPID public key
 *   GET|POST /api/notify/confirm?t=…                            double opt-in (GET shows a button)
 *   GET|POST /api/notify/unsubscribe?t=…                        RFC 8058 one-click (POST), page (GET)
 *   POST   /api/notify/resubscribe?t=…                          undo an unsubscribe
 */
import { Hono, type Context } from 'hono';
import { escapeHtml, matchUrl } from '../../notify/compose.js';
import type { NotificationSettings } from '../../notify/settings.js';
import { clientAddressOf } from '../client-address.js';
import { ApiError, parse } from '../errors.js';
import { requiredJsonBody, seatCaller, type RouteContext } from '../request.js';
import type { Answer, NotificationSettingsResponse } from '../responses.js';
import { ChannelsRequest, EmailRequest, PushSubscribeRequest, PushUnsubscribeRequest, TokenQuery } from '../schemas.js';
import { form, page } from './pages.js';

export interface NotificationRouteContext extends RouteContext {
  settings: NotificationSettings;
  /** The VAPID public key, when web push is set up. */
  vapidPublicKey?: () => Promise<string>;
  /** The site's origin for links in mails; the request's own origin when not set. */
  publicUrl?: string;
  /** The caller's network address for the per-client cap (clientAddressOf: the socket, or Lambda's event). */
  clientAddress?: (c: Context) => string | null;
}

/** Mounted under /api. */
export function notificationRoutes(ctx: NotificationRouteContext): Hono {
  const app = new Hono();
  const origin = (c: Context) => (ctx.publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '');
  seatSettingRoutes(app, ctx, origin);
  linkRoutes(app, ctx, origin);
  return app;
}

type Origin = (c: Context) => string;

/** A seat's own settings: channels, the address, push devices (the seat's token). */
function seatSettingRoutes(app: Hono, ctx: NotificationRouteContext, origin: Origin): void {
  const { service, settings } = ctx;
  const path = '/matches/:id/seats/:seat/notifications';

  app.get(path, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    return c.json((await settings.summary(id, seat)) satisfies Answer<typeof NotificationSettingsResponse>);
  });

  app.patch(path, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    const input = await requiredJsonBody(c, ChannelsRequest);
    await settings.setChannels(id, seat, input);
    return c.json((await settings.summary(id, seat)) satisfies Answer<typeof NotificationSettingsResponse>);
  });

  app.put(`${path}/email`, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    settings.requireEmail();
    const { address } = await requiredJsonBody(c, EmailRequest);
    const client = (ctx.clientAddress ?? clientAddressOf)(c);
    const done = await settings.setEmail(id, seat, address, { origin: origin(c), client });
    return c.json((await settings.summary(id, seat)) satisfies Answer<typeof NotificationSettingsResponse>, done === 'sent' ? 202 : 200);
  });

  app.delete(`${path}/email`, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    await settings.removeEmail(id, seat);
    return c.json((await settings.summary(id, seat)) satisfies Answer<typeof NotificationSettingsResponse>);
  });

  app.post(`${path}/push`, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    settings.requirePush();
    const sub = await requiredJsonBody(c, PushSubscribeRequest);
    await settings.addPush(id, seat, sub);
    return c.json((await settings.summary(id, seat)) satisfies Answer<typeof NotificationSettingsResponse>, 201);
  });

  app.delete(`${path}/push`, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    const { endpoint } = await requiredJsonBody(c, PushUnsubscribeRequest);
    await settings.removePush(id, seat, endpoint);
    return c.json((await settings.summary(id, seat)) satisfies Answer<typeof NotificationSettingsResponse>);
  });
}

/** Public: the push key, and the confirmation and unsubscribe links in mails (their own secrets). */
function linkRoutes(app: Hono, ctx: NotificationRouteContext, origin: Origin): void {
  const { settings } = ctx;
  app.get('/push/public-key', async (c) => {
    if (!ctx.vapidPublicKey) throw new ApiError(404, 'push-unavailable', 'This site does not send push notifications.');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json({ publicKey: await ctx.vapidPublicKey() });
  });

  async function linkToken(c: Context) {
    const { t } = parse(TokenQuery, c.req.query(), 'link');
    return { secret: t, record: await settings.linkToken(t) };
  }

  const gone = (c: Context) => c.html(page('Link expired', '<p>This link is not valid any more.</p>'), 404);

  app.get('/notify/confirm', async (c) => {
    const { secret, record } = await linkToken(c);
    if (record?.purpose !== 'confirm') return gone(c);
    // A button, not an action on GET: mail scanners open links, and must not confirm anything.
    return c.html(
      page(
        'Confirm email notices',
        `<p>Send email to this address when it is your move in this match?</p>${form(`/api/notify/confirm?t=${secret}`, 'Yes, send me email')}`,
      ),
    );
  });

  app.post('/notify/confirm', async (c) => {
    const { record } = await linkToken(c);
    if (record?.purpose !== 'confirm') return gone(c);
    if (!(await settings.confirm(record))) {
      return c.html(page('Not confirmed', '<p>This seat now uses another address, so there is nothing to confirm.</p>'), 409);
    }
    return c.html(
      page(
        'Confirmed',
        `<p>Done. We will email you when this match needs you.</p><p><a href="${escapeHtml(matchUrl(origin(c), record.matchId))}">Back to the match</a></p>`,
      ),
    );
  });

  app.get('/notify/unsubscribe', async (c) => {
    const { secret, record } = await linkToken(c);
    if (!record) return gone(c);
    return c.html(
      page(
        'Stop email',
        `<p>Stop all email from ${escapeHtml(settings.siteName)} to this address?</p>${form(`/api/notify/unsubscribe?t=${secret}`, 'Stop all email', { 'List-Unsubscribe': 'One-Click' })}`,
      ),
    );
  });

  // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" to the List-Unsubscribe URL.
  app.post('/notify/unsubscribe', async (c) => {
    const { secret, record } = await linkToken(c);
    if (!record) return gone(c);
    await settings.unsubscribe(record);
    return c.html(
      page(
        'Unsubscribed',
        `<p>We will send no more email to this address.</p>${form(`/api/notify/resubscribe?t=${secret}`, 'Undo: allow email again')}`,
      ),
    );
  });

  app.post('/notify/resubscribe', async (c) => {
    const { record } = await linkToken(c);
    if (!record) return gone(c);
    await settings.resubscribe(record);
    return c.html(page('Email allowed again', '<p>Email to this address is allowed again, for the matches you confirmed.</p>'));
  });
}
