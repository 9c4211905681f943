/**
 * HTTP routes of the notifications part, mounted into the API by `createApp`'s `extend` hook.
 *
 * Per seat (Bearer seat token, like every seat route):
 *   GET    /api/matches/:id/seats/:seat/notifications          channels, email state, devices, pause
 *   PATCH  /api/matches/:id/seats/:seat/notifications          {email?, push?}: switch a channel on/off
 *   PUT    /api/matches/:id/seats/:seat/notifications/email    {address}: sends the one confirmation mail
 *   DELETE /api/matches/:id/seats/:seat/notifications/email
 *   POST   /api/matches/:id/seats/:seat/notifications/push     a PushSubscription's toJSON()
 *   DELETE /api/matches/:id/seats/:seat/notifications/push     {endpoint}
 *   POST   /api/matches/:id/seats/:seat/pause                  {days}: pause own deadlines
 *   DELETE /api/matches/:id/seats/:seat/pause                  end the pause now
 * Public:
 *   GET    /api/push/public-key                                the VAPID public key
 *   GET|POST /api/notify/confirm?t=…                            double opt-in (GET shows a button)
 *   GET|POST /api/notify/unsubscribe?t=…                        RFC 8058 one-click (POST), page (GET)
 *   POST   /api/notify/resubscribe?t=…                          undo an unsubscribe
 * Local runs only (never on Lambda): GET /dev/outbox, /dev/outbox/:n
 */
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { bearerToken } from '../http/bearer.js';
import { clientAddressOf } from '../http/client-address.js';
import { ApiError, parse } from '../http/errors.js';
import { MatchId, SeatParam, Secret } from '../http/schemas.js';
import { countSideChange, type MatchService } from '../matches/service.js';
import { newSecret, sha256 } from '../matches/tokens.js';
import type { MatchStore } from '../matches/port.js';
import { confirmationMail, escapeHtml, formatTime, matchUrl } from './compose.js';
import type { DevOutbox, EmailSender } from './email.js';
import { CONFIRM_TOKEN_TTL_SECONDS, CONFIRMATION_CAPS, CONFIRMATION_INTERVAL_MS, MAX_PUSH_PER_SEAT, type ConfirmationCap, type SeatPrefs } from './model.js';
import { isBrowserPushEndpoint } from './push-hosts.js';
import { emptyPrefs, type NotifyStore } from '../storage/notify-dynamo.js';
import { DAY, PAUSE_BUDGET_DAYS, PAUSE_BUDGET_MS, pauseSeat, resumeSeat, withDue } from '../matches/timing.js';

export interface NotifyRoutesDeps {
  store: NotifyStore;
  matches: MatchStore;
  email?: EmailSender;
  /** The VAPID public key, when web push is set up. */
  vapidPublicKey?: () => Promise<string>;
  publicUrl?: string;
  clock?: () => number;
  /** Which push endpoints the server will post to; the browsers' push services by default. */
  allowPushEndpoint?: (url: URL) => boolean;
  /** Local runs without SMTP: the page that shows what would have been mailed. */
  devOutbox?: DevOutbox;
  siteName?: string;
  /** Confirmation mails per window, per seat, match and client address (CONFIRMATION_CAPS). */
  confirmationCaps?: Record<ConfirmationCap, number>;
  /** The caller's network address for the per-client cap (clientAddressOf: the socket, or Lambda's event). */
  clientAddress?: (c: Context) => string | null;
}

const base64url = (bytes: number) =>
  z.string().check(
    z.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Not base64url.'),
    z.refine((s) => Buffer.from(s, 'base64url').length === bytes, `Must hold ${bytes} bytes.`),
  );
const pushEndpoint = () => z.string().check(z.maxLength(1000), z.url());

export const EmailRequest = z.strictObject({ address: z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email('Enter an email address.')) });
export const ChannelsRequest = z.strictObject({ email: z.optional(z.boolean()), push: z.optional(z.boolean()) });
export const PushSubscribeRequest = z.strictObject({
  endpoint: pushEndpoint(),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.strictObject({ p256dh: base64url(65), auth: base64url(16) }),
});
export const PushUnsubscribeRequest = z.strictObject({ endpoint: pushEndpoint() });
export const PauseRequest = z.strictObject({ days: z.int().check(z.minimum(1), z.maximum(PAUSE_BUDGET_DAYS)) });
const TokenQuery = z.strictObject({ t: Secret });

export function notificationRoutes(deps: NotifyRoutesDeps) {
  const clock = deps.clock ?? Date.now;
  const allowEndpoint = deps.allowPushEndpoint ?? isBrowserPushEndpoint;
  const site = deps.siteName ?? 'Dutch';
  const caps = deps.confirmationCaps ?? CONFIRMATION_CAPS;

  /** A 429 naming the cap that is full, with Retry-After (seconds) for when its window ends. */
  const tooMany = (c: Context, cap: ConfirmationCap, waitMs: number) => {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const hours = Math.max(1, Math.ceil(waitMs / 3_600_000));
    const when = `Try again in about ${hours} ${hours === 1 ? 'hour' : 'hours'}.`;
    const message = {
      seat: `This seat has asked for ${caps.seat} confirmation mails today, the most we send. Use the link in one of them, or ${when.charAt(0).toLowerCase()}${when.slice(1)}`,
      match: `This match has had ${caps.match} confirmation mails today, the most we send for one match. ${when}`,
      client: `Too many confirmation mails were asked for from your network today. ${when}`,
    }[cap];
    c.header('Retry-After', String(seconds));
    return c.json(new ApiError(429, `confirmation-limit-${cap}`, message).toBody(), 429);
  };

  return (api: Hono, service: MatchService) => {
    const origin = (c: Context) => (deps.publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '');

    async function seatCaller(c: Context) {
      const token = bearerToken(c.req.header('Authorization'));
      const id = parse(MatchId, c.req.param('id'), 'match id');
      const seat = parse(SeatParam, c.req.param('seat'), 'seat');
      const head = await service.head(id);
      service.authenticate(head, token, { seat });
      return { id, seat };
    }

    async function body<T>(c: Context, schema: z.ZodMiniType<T>): Promise<T> {
      const text = await c.req.text();
      if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) {
        throw new ApiError(415, 'unsupported-media-type', 'Send the body as application/json.');
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new ApiError(400, 'invalid-json', 'The body is not valid JSON.');
      }
      return parse(schema, value);
    }

    async function summary(id: string, seat: number) {
      const [{ prefs, push }, match] = await Promise.all([deps.store.seat(id, seat), service.mustGet(id)]);
      const address = prefs?.email ? await deps.store.address(prefs.email.addressKey) : null;
      const s = match.seats[seat];
      const now = clock();
      return {
        channels: prefs?.channels ?? { email: false, push: false },
        email: prefs?.email
          ? { address: prefs.email.address, state: address?.suppressed ?? (prefs.email.confirmed ? 'confirmed' : 'pending') }
          : null,
        emailAvailable: deps.email !== undefined,
        push: { devices: push.length, available: deps.vapidPublicKey !== undefined },
        pause: {
          pausedUntil: s?.pausedUntil !== undefined && s.pausedUntil > now ? s.pausedUntil : null,
          budgetLeftMs: Math.max(0, PAUSE_BUDGET_MS - (s?.pauseUsedMs ?? 0)),
        },
      };
    }

    const prefsOf = async (id: string, seat: number): Promise<SeatPrefs> => (await deps.store.seat(id, seat)).prefs ?? emptyPrefs(id, seat, clock());

    // ---------------------------------------------------------------- per seat

    const path = '/api/matches/:id/seats/:seat/notifications';

    api.get(path, async (c) => {
      const { id, seat } = await seatCaller(c);
      return c.json(await summary(id, seat));
    });

    api.patch(path, async (c) => {
      const { id, seat } = await seatCaller(c);
      const input = await body(c, ChannelsRequest);
      const prefs = await prefsOf(id, seat);
      await deps.store.putPrefs({
        ...prefs,
        channels: { email: input.email ?? prefs.channels.email, push: input.push ?? prefs.channels.push },
        updatedAt: clock(),
      });
      return c.json(await summary(id, seat));
    });

    api.put(`${path}/email`, async (c) => {
      const { id, seat } = await seatCaller(c);
      if (!deps.email) throw new ApiError(503, 'email-unavailable', 'This site does not send email.');
      const { address } = await body(c, EmailRequest);
      const addressKey = sha256(address.toLowerCase());
      const [prefs, match] = await Promise.all([prefsOf(id, seat), service.mustGet(id)]);
      if (prefs.email?.addressKey === addressKey && prefs.email.confirmed) {
        await deps.store.putPrefs({ ...prefs, channels: { ...prefs.channels, email: true }, updatedAt: clock() });
        return c.json(await summary(id, seat));
      }
      const now = clock();
      // Per seat, match and caller first (all or none counted), then the address's one mail a day.
      const client = (deps.clientAddress ?? clientAddressOf)(c);
      const subjects = { seat: `${id}#${seat}`, match: id, ...(client ? { client } : {}) };
      const allowance = await deps.store.takeConfirmationAllowance(subjects, caps, now);
      if (!allowance.ok) return tooMany(c, allowance.cap, allowance.retryAt - now);
      const reserved = await deps.store.reserveConfirmation(addressKey, address, now);
      if (reserved !== 'ok') {
        await deps.store.returnConfirmationAllowance(subjects, allowance.windowStart);
        if (reserved === 'suppressed') {
          throw new ApiError(409, 'address-suppressed', 'This address asked us to send no mail, or mail to it bounces. To allow mail again, use the link at the end of the last mail you had from us.');
        }
        const last = (await deps.store.address(addressKey))?.lastConfirmationAt ?? now;
        c.header('Retry-After', String(Math.max(1, Math.ceil((last + CONFIRMATION_INTERVAL_MS - now) / 1000))));
        throw new ApiError(429, 'confirmation-limit', 'We sent a confirmation mail to this address less than a day ago. Use the link in it, or try again tomorrow.');
      }
      const secret = newSecret();
      await deps.store.putToken(sha256(secret), { purpose: 'confirm', addressKey, matchId: id, seat, createdAt: now }, CONFIRM_TOKEN_TTL_SECONDS);
      await deps.store.putPrefs({
        ...prefs,
        channels: { ...prefs.channels, email: true },
        email: { address, addressKey, confirmed: false, requestedAt: now },
        updatedAt: now,
      });
      const unsubscribeUrl = `${origin(c)}/api/notify/unsubscribe?t=${secret}`;
      const mail = confirmationMail(service.game(match.gameId).name, `${origin(c)}/api/notify/confirm?t=${secret}`, unsubscribeUrl, site);
      const sent = await deps.email.send({ to: address, ...mail, unsubscribeUrl });
      if (!sent.ok) {
        await deps.store.releaseConfirmation(addressKey, now);
        await deps.store.returnConfirmationAllowance(subjects, allowance.windowStart);
        if (sent.kind === 'bounce') await deps.store.suppress(addressKey, 'bouncing', now);
        throw new ApiError(503, 'email-failed', 'The confirmation mail could not be sent. Check the address, or try again later.');
      }
      return c.json(await summary(id, seat), 202);
    });

    api.delete(`${path}/email`, async (c) => {
      const { id, seat } = await seatCaller(c);
      const prefs = await prefsOf(id, seat);
      await deps.store.putPrefs({ ...prefs, email: null, channels: { ...prefs.channels, email: false }, updatedAt: clock() });
      return c.json(await summary(id, seat));
    });

    api.post(`${path}/push`, async (c) => {
      const { id, seat } = await seatCaller(c);
      if (!deps.vapidPublicKey) throw new ApiError(503, 'push-unavailable', 'This site does not send push notifications.');
      const sub = await body(c, PushSubscribeRequest);
      if (!allowEndpoint(new URL(sub.endpoint))) {
        throw new ApiError(400, 'invalid-request', 'That push endpoint is not one of the browsers’ push services.', {
          issues: [{ path: 'endpoint', message: 'Unknown push service.' }],
        });
      }
      const pushId = pushIdOf(sub.endpoint);
      const [prefs, { push }] = await Promise.all([prefsOf(id, seat), deps.store.seat(id, seat)]);
      if (!push.some((p) => p.id === pushId) && push.length >= MAX_PUSH_PER_SEAT) {
        throw new ApiError(409, 'too-many-devices', `At most ${MAX_PUSH_PER_SEAT} devices per seat; remove one first.`);
      }
      const now = clock();
      await deps.store.addPush({ matchId: id, seat, id: pushId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, createdAt: now });
      await deps.store.putPrefs({ ...prefs, channels: { ...prefs.channels, push: true }, updatedAt: now });
      return c.json(await summary(id, seat), 201);
    });

    api.delete(`${path}/push`, async (c) => {
      const { id, seat } = await seatCaller(c);
      const { endpoint } = await body(c, PushUnsubscribeRequest);
      await deps.store.removePush(id, seat, pushIdOf(endpoint));
      return c.json(await summary(id, seat));
    });

    // ---------------------------------------------------------------- pausing one's own deadlines

    async function changePause(c: Context, change: 'pause' | 'resume', days?: number) {
      const { id, seat } = await seatCaller(c);
      for (let attempt = 0; attempt < 5; attempt++) {
        const match = await service.mustGet(id);
        if (match.status !== 'active') throw new ApiError(409, 'match-not-active', 'Only a match in play has deadlines to pause.');
        const now = clock();
        const s = match.seats[seat]!;
        let fields;
        if (change === 'pause') {
          if (s.pausedUntil !== undefined && s.pausedUntil > now) {
            throw new ApiError(409, 'already-paused', `Your deadlines are paused until ${formatTime(s.pausedUntil)}.`);
          }
          const ms = days! * DAY;
          if ((s.pauseUsedMs ?? 0) + ms > PAUSE_BUDGET_MS) {
            const left = Math.floor((PAUSE_BUDGET_MS - (s.pauseUsedMs ?? 0)) / DAY);
            throw new ApiError(422, 'pause-budget', `You have ${left} ${left === 1 ? 'day' : 'days'} of pause left in this match.`);
          }
          fields = pauseSeat(match, seat, now, ms);
        } else {
          fields = resumeSeat(match, seat, now);
          if (!fields) throw new ApiError(409, 'not-paused', 'Your deadlines are not paused.');
        }
        const next = withDue({
          ...match,
          seats: countSideChange(match, seat, now).map((x, i) => (i === seat ? { ...x, ...fields } : x)),
          version: match.version + 1,
          updatedAt: now,
        });
        const result = await deps.matches.commit({ match: next, expectedVersion: match.version });
        if (result.ok) return c.json(await summary(id, seat));
      }
      throw new ApiError(503, 'busy', 'The match is busy; try again in a moment.');
    }

    api.post('/api/matches/:id/seats/:seat/pause', async (c) => {
      const { days } = await body(c, PauseRequest);
      return changePause(c, 'pause', days);
    });
    api.delete('/api/matches/:id/seats/:seat/pause', (c) => changePause(c, 'resume'));

    // ---------------------------------------------------------------- public

    api.get('/api/push/public-key', async (c) => {
      if (!deps.vapidPublicKey) throw new ApiError(404, 'push-unavailable', 'This site does not send push notifications.');
      c.header('Cache-Control', 'public, max-age=3600');
      return c.json({ publicKey: await deps.vapidPublicKey() });
    });

    async function linkToken(c: Context) {
      const { t } = parse(TokenQuery, c.req.query(), 'link');
      return { secret: t, record: await deps.store.token(sha256(t), clock()) };
    }

    const gone = (c: Context) => c.html(page('Link expired', '<p>This link is not valid any more.</p>'), 404);

    api.get('/api/notify/confirm', async (c) => {
      const { secret, record } = await linkToken(c);
      if (!record || record.purpose !== 'confirm') return gone(c);
      // A button, not an action on GET: mail scanners open links, and must not confirm anything.
      return c.html(
        page(
          'Confirm email notices',
          `<p>Send email to this address when it is your move in this match?</p>${form(`/api/notify/confirm?t=${secret}`, 'Yes, send me email')}`,
        ),
      );
    });

    api.post('/api/notify/confirm', async (c) => {
      const { record } = await linkToken(c);
      if (!record || record.purpose !== 'confirm') return gone(c);
      const ok = await deps.store.confirmEmail(record.matchId, record.seat, record.addressKey, clock());
      if (!ok) return c.html(page('Not confirmed', '<p>This seat now uses another address, so there is nothing to confirm.</p>'), 409);
      // The owner just asked for mail: an earlier "stop all mail" no longer stands.
      await deps.store.unsuppress(record.addressKey);
      return c.html(
        page('Confirmed', `<p>Done. We will email you when this match needs you.</p><p><a href="${escapeHtml(matchUrl(origin(c), record.matchId))}">Back to the match</a></p>`),
      );
    });

    api.get('/api/notify/unsubscribe', async (c) => {
      const { secret, record } = await linkToken(c);
      if (!record) return gone(c);
      return c.html(
        page('Stop email', `<p>Stop all email from ${escapeHtml(site)} to this address?</p>${form(`/api/notify/unsubscribe?t=${secret}`, 'Stop all email', { 'List-Unsubscribe': 'One-Click' })}`),
      );
    });

    // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" to the List-Unsubscribe URL.
    api.post('/api/notify/unsubscribe', async (c) => {
      const { secret, record } = await linkToken(c);
      if (!record) return gone(c);
      await deps.store.suppress(record.addressKey, 'unsubscribed', clock());
      return c.html(
        page('Unsubscribed', `<p>We will send no more email to this address.</p>${form(`/api/notify/resubscribe?t=${secret}`, 'Undo: allow email again')}`),
      );
    });

    api.post('/api/notify/resubscribe', async (c) => {
      const { record } = await linkToken(c);
      if (!record) return gone(c);
      await deps.store.unsuppress(record.addressKey);
      return c.html(page('Email allowed again', '<p>Email to this address is allowed again, for the matches you confirmed.</p>'));
    });

    // ---------------------------------------------------------------- local dev outbox

    const outbox = deps.devOutbox;
    if (outbox) {
      api.get('/dev/outbox', (c) => {
        const items = outbox
          .list()
          .map(
            (m) =>
              `<article><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to)} · ${escapeHtml(formatTime(m.at))} · ` +
              `<a href="/dev/outbox/${m.id}">HTML part</a></p><pre>${escapeHtml(m.text)}</pre>` +
              `<p>List-Unsubscribe: ${escapeHtml(m.headers['List-Unsubscribe'] ?? '')}</p>` +
              form(m.unsubscribeUrl, 'One-click unsubscribe (POST)', { 'List-Unsubscribe': 'One-Click' }) +
              `</article><hr>`,
          )
          .join('\n');
        return c.html(page('Dev outbox', `<p>Mail this local server would have sent (newest first; no SMTP_URL is set).</p>${items || '<p>Nothing yet.</p>'}`));
      });
      api.get('/dev/outbox/:n', (c) => {
        const m = outbox.get(Number(c.req.param('n')));
        if (!m) return c.text('No such mail.', 404);
        // The mail's own HTML, sandboxed: no scripts, nothing fetched.
        c.header('Content-Security-Policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'");
        return c.html(m.html);
      });
    }
  };
}

/** Names a push subscription in keys: a shortened hash of its endpoint. */
const pushIdOf = (endpoint: string) => sha256(endpoint).slice(0, 24);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

function form(action: string, label: string, fields: Record<string, string> = {}): string {
  const hidden = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${hidden}<button type="submit">${escapeHtml(label)}</button></form>`;
}
