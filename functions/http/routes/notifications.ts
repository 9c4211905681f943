/**
 * The notification routes: a seat's settings (Bearer seat token, like every seat route), the VAPID
 * public key, and the pages behind the links in mails. The logic is functions/notify/settings.ts.
 *
 *   GET    /api/matches/:id/seats/:seat/notifications          channels, email state, devices, pause
 *   PATCH  /api/matches/:id/seats/:seat/notifications          {email?, push?}: switch a channel on/off
 *   PUT    /api/matches/:id/seats/:seat/notifications/email    {address, proof?}: sends the one confirmation mail,
 *                                                               or none with the proof of a browser that confirmed it
 *   DELETE /api/matches/:id/seats/:seat/notifications/email
 *   POST   /api/matches/:id/seats/:seat/notifications/push     a PushSubscription's toJSON()
 *   DELETE /api/matches/:id/seats/:seat/notifications/push     {endpoint}
 *   GET    /api/push/public-key                                the VAPID public key
 *   GET|POST /api/notify/confirm?t=…                            double opt-in (GET shows a button)
 *   GET|POST /api/notify/unsubscribe?t=…                        RFC 8058 one-click (POST), page (GET)
 *   POST   /api/notify/resubscribe?t=…                          undo an unsubscribe
 */
import { Hono, type Context } from 'hono';
import { type Lang, langAsked, langOf, type MailKey, type Params, t } from '../../i18n.js';
import { matchUrl } from '../../notify/compose.js';
import { type Html, html } from '../../notify/html.js';
import type { LinkTokenRecord } from '../../notify/model.js';
import type { NotificationSettings } from '../../notify/settings.js';
import { clientAddressOf } from '../client-address.js';
import { ApiError } from '../errors.js';
import { parseIn } from '../localized.js';
import { requiredJsonBody, seatCaller, type RouteContext } from '../request.js';
import { type ApiRoute, type ApiRoutes, type LazySchema, createRoute, on, SEAT_REFUSALS } from '../api-route.js';
import type { Answer, NotificationSettingsResponse } from '../responses.js';
import { ChannelsRequest, EmailRequest, PushSubscribeRequest, PushUnsubscribeRequest, SeatPath, TokenQuery } from '../schemas.js';
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

  on(app, notificationApi.settings, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    return c.json((await settings.summary(id, seat)) satisfies Answer<typeof NotificationSettingsResponse>);
  });

  on(app, notificationApi.channels, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    const input = await requiredJsonBody(c, ChannelsRequest());
    await settings.setChannels(id, seat, { ...input, lang: input.lang ?? langAsked(c.req) });
    return c.json((await settings.summary(id, seat)) satisfies Answer<typeof NotificationSettingsResponse>);
  });

  on(app, notificationApi.setEmail, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    settings.requireEmail();
    const { address, lang, proof } = await requiredJsonBody(c, EmailRequest());
    const client = (ctx.clientAddress ?? clientAddressOf)(c);
    const done = await settings.setEmail(id, seat, address, { origin: origin(c), client, lang: lang ?? langAsked(c.req), proof });
    return c.json((await settings.summary(id, seat)) satisfies Answer<typeof NotificationSettingsResponse>, done === 'sent' ? 202 : 200);
  });

  on(app, notificationApi.removeEmail, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    await settings.removeEmail(id, seat);
    return c.json((await settings.summary(id, seat)) satisfies Answer<typeof NotificationSettingsResponse>);
  });

  on(app, notificationApi.addPush, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    settings.requirePush();
    const { lang, ...sub } = await requiredJsonBody(c, PushSubscribeRequest());
    await settings.addPush(id, seat, sub, lang ?? langAsked(c.req));
    return c.json((await settings.summary(id, seat)) satisfies Answer<typeof NotificationSettingsResponse>, 201);
  });

  on(app, notificationApi.removePush, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    const { endpoint } = await requiredJsonBody(c, PushUnsubscribeRequest());
    await settings.removePush(id, seat, endpoint);
    return c.json((await settings.summary(id, seat)) satisfies Answer<typeof NotificationSettingsResponse>);
  });
}

/** Public: the push key, and the confirmation and unsubscribe links in mails (their own secrets). */
function linkRoutes(app: Hono, ctx: NotificationRouteContext, origin: Origin): void {
  const { settings } = ctx;
  on(app, notificationApi.publicKey, async (c) => {
    if (!ctx.vapidPublicKey) throw new ApiError(404, 'push-unavailable', 'error.push-unavailable');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json({ publicKey: await ctx.vapidPublicKey() });
  });

  async function linkToken(c: Context) {
    const { t } = parseIn(c, TokenQuery(), c.req.query(), 'link');
    return { secret: t, record: await settings.linkToken(t) };
  }

  /** A page in the language of the mail the link came in (else the request's). */
  const say = (c: Context, record: LinkTokenRecord | null, title: MailKey, body: Html, status: 200 | 404 | 409 = 200) => {
    const lang = record?.lang ?? langOf(c.req);
    return c.html(page(t(lang, title), body, lang), status);
  };
  const para = (lang: Lang, key: MailKey, params?: Params) => html`<p>${t(lang, key, params)}</p>`;
  const gone = (c: Context) => say(c, null, 'page.expired.title', para(langOf(c.req), 'page.expired.text'), 404);

  on(app, notificationApi.confirmPage, async (c) => {
    const { secret, record } = await linkToken(c);
    if (record?.purpose !== 'confirm') return gone(c);
    const lang = record.lang ?? langOf(c.req);
    // A button, not an action on GET: mail scanners open links, and must not confirm anything.
    const body = html`${para(lang, 'page.confirm.text')}${form(`/api/notify/confirm?t=${secret}`, t(lang, 'page.confirm.button'))}`;
    return say(c, record, 'page.confirm.title', body);
  });

  on(app, notificationApi.confirm, async (c) => {
    const { record } = await linkToken(c);
    if (record?.purpose !== 'confirm') return gone(c);
    const lang = record.lang ?? langOf(c.req);
    const done = await settings.confirm(record);
    if (!done) return say(c, record, 'page.notConfirmed.title', para(lang, 'page.notConfirmed.text'), 409);
    // The address proof rides in the fragment, which no server sees: the match page keeps it in this browser.
    const remember = done.remember
      ? `#${new URLSearchParams({ address: done.remember.address, 'address-proof': done.remember.proof })}`
      : '';
    const back = html`<p><a href="${matchUrl(origin(c), record.matchId) + remember}">${t(lang, 'page.backToMatch')}</a></p>`;
    const more = done.remember ? para(lang, 'page.confirmed.remember') : html``;
    return say(c, record, 'page.confirmed.title', html`${para(lang, 'page.confirmed.text')}${more}${back}`);
  });

  on(app, notificationApi.unsubscribePage, async (c) => {
    const { secret, record } = await linkToken(c);
    if (!record) return gone(c);
    const lang = record.lang ?? langOf(c.req);
    const button = form(`/api/notify/unsubscribe?t=${secret}`, t(lang, 'page.stop.button'), { 'List-Unsubscribe': 'One-Click' });
    return say(c, record, 'page.stop.title', html`${para(lang, 'page.stop.text', { site: settings.siteName })}${button}`);
  });

  // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" to the List-Unsubscribe URL.
  on(app, notificationApi.unsubscribe, async (c) => {
    const { secret, record } = await linkToken(c);
    if (!record) return gone(c);
    await settings.unsubscribe(record);
    const lang = record.lang ?? langOf(c.req);
    const undo = form(`/api/notify/resubscribe?t=${secret}`, t(lang, 'page.stopped.undo'));
    return say(c, record, 'page.stopped.title', html`${para(lang, 'page.stopped.text')}${undo}`);
  });

  on(app, notificationApi.resubscribe, async (c) => {
    const { record } = await linkToken(c);
    if (!record) return gone(c);
    await settings.resubscribe(record);
    return say(c, record, 'page.allowed.title', para(record.lang ?? langOf(c.req), 'page.allowed.text'));
  });
}

/** A seat's settings route: the answer is the seat's settings. */
const setting = (method: ApiRoute['method'], path: string, summary: string, body?: LazySchema) =>
  createRoute({
    method,
    path: `/matches/{id}/seats/{seat}/notifications${path}`,
    summary,
    security: 'seatToken',
    request: { params: SeatPath, ...(body ? { body } : {}) },
    responses: {
      200: { description: 'My settings', schema: (r) => r.NotificationSettingsResponse },
      400: 'Malformed request',
      ...SEAT_REFUSALS,
    },
  });

/** A page behind a link in a mail (the link's secret in `t`). */
const mailLink = (method: ApiRoute['method'], path: string, summary: string, answer = 'HTML page') =>
  createRoute({
    method,
    path,
    summary,
    request: { query: TokenQuery },
    describe: { t: 'The secret from the mail' },
    responses: { 200: { description: answer } },
  });

export const notificationApi = {
  settings: setting('get', '', 'My notification settings for this match: channels, email state, devices, pause'),
  channels: setting('patch', '', 'Switch a channel on or off', ChannelsRequest),
  setEmail: setting('put', '/email', 'Set my own email address (one confirmation mail is sent)', EmailRequest),
  removeEmail: setting('delete', '/email', 'Forget my email address for this match'),
  addPush: setting('post', '/push', "Add this device's web push subscription", PushSubscribeRequest),
  removePush: setting('delete', '/push', 'Remove a web push subscription', PushUnsubscribeRequest),
  publicKey: createRoute({
    method: 'get',
    path: '/push/public-key',
    summary: 'The VAPID public key for web push',
    responses: { 200: { description: 'The key' }, 404: 'Web push is not set up' },
  }),
  confirmPage: mailLink('get', '/notify/confirm', 'A page with a button that confirms an email address'),
  confirm: mailLink('post', '/notify/confirm', 'Confirm an email address (double opt-in)'),
  unsubscribePage: mailLink('get', '/notify/unsubscribe', 'A page with an unsubscribe button'),
  unsubscribe: mailLink('post', '/notify/unsubscribe', 'One-click unsubscribe (RFC 8058)', 'Unsubscribed'),
  resubscribe: mailLink('post', '/notify/resubscribe', 'Undo an unsubscribe'),
} satisfies ApiRoutes;
