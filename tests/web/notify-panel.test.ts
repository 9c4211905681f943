/**
 * The notifications panel's pure parts and views: the create form's timing choices against the
 * server's own rules, words for deadlines and email states, what the page concludes about push
 * support, the VAPID key conversion, the record of which matches use this browser's push
 * subscription, and the panel's sections and the match options rendered to HTML.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import webpush from 'web-push';
import { beforeAll, describe, expect, it } from 'vitest';
import * as format from '#shared/i18n/format.js';
import { DEADLINE_DAYS, PAUSE_BUDGET_DAYS as SERVER_PAUSE_DAYS, TimingRequest, policyText } from '../../functions/matches/timing.js';
import { ApiFailure, NetworkFailure, createApi } from '../../web/src/api.js';
import {
  type NotifySummary,
  type PushEnv,
  PushProblem,
  emailStateText,
  errorText,
  isAppleMobile,
  keyBytes,
  loadDevices,
  notifyApi,
  pauseBudgetText,
  pauseDaysLeft,
  pushFailureText,
  pushSupport,
  pushUnsupportedText,
  readPushEnv,
  saveDevices,
  withoutDevice,
} from '../../web/src/notify.js';
import {
  DEADLINE_CHOICES,
  DEFAULT_REMINDER_HOURS,
  PAUSE_BUDGET_DAYS,
  REMINDER_CHOICES,
  deadlineChoiceLabel,
  deadlineExplained,
  dueText,
  reminderChoiceLabel,
  reminderText,
} from '../../web/src/timing.js';
import { loadLanguage, loadPanels } from '../../web/src/i18n.js';
import { browserZone } from '../../web/src/notify.js';
import { memoryStorage } from '../../web/src/storage.js';
import type { Match } from '../../web/src/types.js';
import { MatchOptions, NotifyZone } from '../../web/src/ui/MatchTiming.js';
import { EmailSection, PauseSection, PushSection, type SectionProps, TimeSection } from '../../web/src/ui/NotifyPanel.js';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

// The timing choices' words come from the English catalog.
beforeAll(async () => {
  await loadLanguage('en');
  await loadPanels();
});
describe('timing choices', () => {
  it('offers exactly what the server accepts, with its defaults', () => {
    expect([...DEADLINE_CHOICES]).toEqual([...DEADLINE_DAYS]);
    expect(PAUSE_BUDGET_DAYS).toBe(SERVER_PAUSE_DAYS);
    expect(TimingRequest().parse({})).toEqual({ reminderHours: DEFAULT_REMINDER_HOURS, deadlineDays: 0 });
    for (const reminderHours of REMINDER_CHOICES) {
      for (const deadlineDays of DEADLINE_CHOICES) {
        expect(TimingRequest().safeParse({ reminderHours, deadlineDays }).success).toBe(true);
      }
    }
    expect(REMINDER_CHOICES).toContain(DEFAULT_REMINDER_HOURS);
  });

  it.each([
    [0, 'No reminders', 'No reminders.'],
    [12, 'After 12 hours', 'A reminder goes to whoever is to move after 12 hours without a move, repeated a few times.'],
    [48, 'After 48 hours', 'A reminder goes to whoever is to move after 48 hours without a move, repeated a few times.'],
  ])('reminder %i h: "%s"', (hours, label, text) => {
    expect(reminderChoiceLabel(hours)).toBe(label);
    expect(reminderText(hours)).toBe(text);
  });

  it.each([
    [0, 'No deadline', ['simply waits'], ['forfeit']],
    [1, '1 day per move', ['has 1 day to do it', 'warned', 'standard move', 'forfeits', 'up to 14 days'], []],
    [3, '3 days per move', ['has 3 days to do it'], []],
    [7, '7 days per move', ['has 7 days to do it'], []],
  ])('deadline %i: "%s", explained', (d, label, has, hasNot) => {
    expect(deadlineChoiceLabel(d)).toBe(label);
    const text = deadlineExplained(d);
    for (const s of has) expect(text).toContain(s);
    for (const s of hasNot) expect(text).not.toContain(s);
    // The form's words are the project's own, not the server's policy sentence.
    if (d > 0) expect(text).not.toBe(policyText({ reminderHours: 24, deadlineDays: d as 1 | 3 | 7 }));
  });

  it('says when a move is due, and "due now" once the time has run out', () => {
    const now = 1_700_000_000_000;
    expect(dueText(now + DAY, now)).toBe('due in 24 hours');
    expect(dueText(now + 3 * DAY, now)).toBe('due in 3 days');
    expect(dueText(now + 30 * 60_000, now)).toBe('due in 30 minutes');
    expect(dueText(now, now)).toBe('due now');
    expect(dueText(now - HOUR, now)).toBe('due now');
  });

  it('formats times in the given language and zone, and counts whole pause days', () => {
    // The page formats times with shared/i18n/format.ts (web/src/i18n.ts `fmt.when`).
    expect(format.when('en', Date.UTC(2026, 0, 13, 9, 30), 'UTC')).toBe('Tue 13 Jan, 09:30');
    expect(pauseDaysLeft(14 * DAY)).toBe(14);
    expect(pauseDaysLeft(12 * DAY + 5 * HOUR)).toBe(12);
    expect(pauseDaysLeft(DAY - 1)).toBe(0);
    expect(pauseDaysLeft(-5)).toBe(0);
    expect(pauseBudgetText(1)).toBe('You have 1 day of pause left in this match.');
    expect(pauseBudgetText(0)).toBe('You have used all the pause this match allows.');
  });
});

describe('settings requests and errors', () => {
  it('sends each change to its route with the seat token, and reads the server’s error words', async () => {
    const seen: { method: string; path: string; auth: string | null; body: unknown }[] = [];
    const fake = async (path: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      seen.push({
        method: init?.method ?? 'GET',
        path,
        auth: headers.get('Authorization'),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (path.endsWith('/email')) {
        return new Response(
          JSON.stringify({
            error: {
              code: 'invalid-request',
              message: 'The request is not valid.',
              issues: [{ path: 'address', message: 'Enter an email address.' }],
            },
          }),
          {
            status: 400,
          },
        );
      }
      return new Response('{}', { status: 200 });
    };
    const n = notifyApi(createApi(fake), 'abcdefghijkl', 1, 'tok');
    await n.summary();
    await n.channels({ push: false });
    await n.removePush('https://push.example/x');
    await n.pause(3);
    await n.resume();
    await n.publicKey();
    const failure = await n.setEmail('nope').catch((e: unknown) => e);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /api/matches/abcdefghijkl/seats/1/notifications',
      'PATCH /api/matches/abcdefghijkl/seats/1/notifications',
      'DELETE /api/matches/abcdefghijkl/seats/1/notifications/push',
      'POST /api/matches/abcdefghijkl/seats/1/pause',
      'DELETE /api/matches/abcdefghijkl/seats/1/pause',
      'GET /api/push/public-key',
      'PUT /api/matches/abcdefghijkl/seats/1/notifications/email',
    ]);
    expect(seen.slice(0, 5).every((s) => s.auth === 'Bearer tok')).toBe(true);
    expect(seen[5]!.auth).toBeNull();
    expect(seen.map((s) => s.body)).toEqual([
      undefined,
      { push: false },
      { endpoint: 'https://push.example/x' },
      { days: 3 },
      undefined,
      undefined,
      { address: 'nope' },
    ]);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(errorText(failure)).toBe('The request is not valid. Enter an email address.');
  });

  it('words every other failure', () => {
    expect(errorText(new ApiFailure(429, 'confirmation-limit', 'Try again tomorrow.'))).toBe('Try again tomorrow.');
    expect(errorText(new NetworkFailure('The server could not be reached.'))).toBe('The server could not be reached.');
    expect(errorText(new PushProblem('No push here.'))).toBe('No push here.');
    expect(errorText(new Error('internal detail'))).toBe('Something went wrong; try again.');
    expect(pushFailureText(new DOMException('x', 'NotAllowedError'))).toContain('blocked for this site');
    expect(pushFailureText(new DOMException('Registration failed - push service not available', 'AbortError'))).toContain(
      'not available in this browser',
    );
    expect(pushFailureText('weird')).toContain('not available in this browser');
  });

  it.each([
    ['pending', true, ['Confirmation pending', 'a@b.test']],
    ['confirmed', true, ['email goes to a@b.test']],
    ['confirmed', false, ['switched off']],
    ['unsubscribed', false, ['a@b.test has unsubscribed', 'allow mail again']],
    ['bouncing', false, ['bounces']],
  ] as const)('email %s (channel on: %s)', (state, on, has) => {
    const text = emailStateText({ address: 'a@b.test', state }, on);
    for (const s of has) expect(text).toContain(s);
  });
});

describe('push support in this browser', () => {
  const env = (o: Partial<PushEnv>): PushEnv => ({
    secure: true,
    serviceWorker: true,
    pushManager: true,
    appleMobile: false,
    standalone: false,
    ...o,
  });

  it.each([
    ['a desktop browser with push', env({}), 'ok'],
    ['an iPhone from the Home Screen', env({ appleMobile: true, standalone: true }), 'ok'],
    ['Safari on an iPhone, in a tab', env({ appleMobile: true, pushManager: false }), 'add-to-home-screen'],
    ['an iPhone app without push (older iOS)', env({ appleMobile: true, standalone: true, pushManager: false }), 'unsupported'],
    ['a browser without service workers', env({ serviceWorker: false }), 'unsupported'],
    ['a page over plain http', env({ secure: false, serviceWorker: false, pushManager: false }), 'insecure'],
  ] as const)('%s → %s', (_, e, want) => {
    expect(pushSupport(e)).toBe(want);
  });

  it('words each unsupported case, and tells iPhones about the Home Screen', () => {
    expect(pushUnsupportedText('add-to-home-screen')).toContain('Add to Home Screen');
    expect(pushUnsupportedText('insecure')).toContain('https');
    expect(pushUnsupportedText('unsupported')).toContain('cannot receive notifications');
  });

  it('recognises iPhones and iPads (also iPadOS posing as a Mac)', () => {
    expect(isAppleMobile('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15', 5)).toBe(true);
    expect(isAppleMobile('Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X)', 5)).toBe(true);
    expect(isAppleMobile('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15', 5)).toBe(
      true,
    );
    expect(isAppleMobile('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15', 0)).toBe(
      false,
    );
    expect(isAppleMobile('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile', 5)).toBe(false);
  });

  it('has nothing to offer outside a browser', () => {
    expect(pushSupport(readPushEnv(undefined))).toBe('insecure');
  });

  it('turns the VAPID public key into the 65 bytes of the key', () => {
    for (let i = 0; i < 5; i++) {
      const { publicKey } = webpush.generateVAPIDKeys();
      const bytes = keyBytes(publicKey);
      expect(bytes.length).toBe(65);
      expect(bytes[0]).toBe(4);
      expect(Buffer.from(bytes).toString('base64url')).toBe(publicKey);
    }
  });
});

describe('which matches use this browser’s push subscription', () => {
  const memory = memoryStorage;

  it('keeps the subscription while another match still uses it', () => {
    const s = memory();
    saveDevices({ 'm1:0': 'https://push/a', 'm2:1': 'https://push/a', 'm3:0': 'https://push/b' }, s);
    const map = loadDevices(s);
    expect(withoutDevice(map, 'm1:0')).toEqual({ map: { 'm2:1': 'https://push/a', 'm3:0': 'https://push/b' }, stillUsed: true });
    expect(withoutDevice(map, 'm3:0').stillUsed).toBe(false);
    expect(withoutDevice(map, 'nope:0')).toEqual({ map, stillUsed: false });
  });

  it('ignores what it cannot read', () => {
    const s = memory();
    s.setItem('dutch:v1:push-devices', 'not json');
    expect(loadDevices(s)).toEqual({});
    s.setItem('dutch:v1:push-devices', JSON.stringify({ a: 'x', b: 3 }));
    expect(loadDevices(s)).toEqual({ a: 'x' });
    expect(loadDevices(null)).toEqual({});
  });
});

// ------------------------------------------------------------------ views

const summary = (o: Partial<NotifySummary> = {}): NotifySummary => ({
  channels: { email: false, push: false },
  email: null,
  emailAvailable: true,
  push: { devices: 0, available: true },
  pause: { pausedUntil: null, budgetLeftMs: 14 * DAY },
  time: { zone: null, quiet: null },
  ...o,
});

const section = (sum: NotifySummary, msg: SectionProps['msg'] = null): SectionProps => ({
  sum,
  busy: false,
  act: async () => true,
  n: notifyApi(
    createApi(async () => new Response('{}')),
    'abcdefghijkl',
    0,
    'tok',
  ),
  msg,
  setMsg: () => undefined,
});

const match = (o: Partial<Match> = {}): Match => ({
  matchId: 'abcdefghijkl',
  game: { id: 'secret-sums', name: 'Secret sums' },
  version: 3,
  status: 'active',
  options: {},
  timing: { reminderHours: 12, deadlineDays: 1, policy: 'Each move is due within 1 day.' },
  seats: [
    { seat: 0, name: 'Ann', joined: true, waitingSince: 1000, deadlineAt: 1000 + DAY, pausedUntil: null },
    { seat: 1, name: 'Bob', joined: true, waitingSince: 1000, deadlineAt: 1000 + DAY, pausedUntil: null },
  ],
  you: 0,
  toAct: [0, 1],
  view: {},
  legalMoves: [],
  log: [],
  end: null,
  rematchId: null,
  ...o,
});

describe('panel sections', () => {
  it("time: the browser's zone until one is saved, and quiet hours as two labelled times", async () => {
    const fresh = renderToString(h(TimeSection, section(summary())));
    expect(fresh).toMatch(new RegExp(`<option value="${browserZone()}" selected`));
    expect(fresh).toContain('Taken from this browser; not saved yet.');
    expect(fresh).not.toContain('nt-quiet-from');
    const set = summary({ time: { zone: 'Europe/Amsterdam', quiet: { from: '23:00', to: '08:00' } } });
    const saved = renderToString(h(TimeSection, section(set)));
    expect(saved).toMatch(/<option value="Europe\/Amsterdam" selected/);
    expect(saved).not.toContain('Taken from this browser');
    expect(saved).toMatch(
      /<label class="field" for="nt-quiet-from"><span>From<\/span><input id="nt-quiet-from" type="time" required value="23:00"/,
    );
    expect(saved).toMatch(
      /<label class="field" for="nt-quiet-to"><span>until<\/span><input id="nt-quiet-to" type="time" required value="08:00"/,
    );
    await loadLanguage('nl');
    await loadPanels();
    try {
      const nl = renderToString(h(TimeSection, section(set)));
      expect(nl).toContain('Mijn tijd');
      expect(nl).toContain('Stille uren: dan geen mail of pushberichten');
    } finally {
      await loadLanguage('en');
      await loadPanels();
    }
  });

  it('email: a labelled form for one’s own address, checked by the server', () => {
    const html = renderToString(h(EmailSection, section(summary())));
    expect(html).toContain('<form novalidate');
    expect(html).toMatch(/<label class="field" for="nt-email"><span>Your own email address<\/span><input id="nt-email"[^>]*type="email"/);
    expect(html).toContain('aria-describedby="nt-email-hint"');
    expect(html).toMatch(/<button type="submit" class="primary" disabled[^>]*>Send the confirmation mail<\/button>/);
  });

  it('email: the address with its state, the channel switch once confirmed, and a remove button', () => {
    const pending = renderToString(
      h(EmailSection, section(summary({ email: { address: 'a<b>@c.test', state: 'pending' }, channels: { email: true, push: false } }))),
    );
    expect(pending).toContain('data-email-state="pending"');
    expect(pending).toContain('Confirmation pending');
    expect(pending).toContain('a&lt;b>@c.test');
    expect(pending).not.toContain('a<b>');
    expect(pending).not.toContain('Email me about this match');
    expect(pending).toContain('Remove this address');
    const confirmed = renderToString(
      h(EmailSection, section(summary({ email: { address: 'a@c.test', state: 'confirmed' }, channels: { email: true, push: false } }))),
    );
    expect(confirmed).toMatch(/<input type="checkbox" checked[^>]*><span>Email me about this match<\/span>/);
    const bouncing = renderToString(h(EmailSection, section(summary({ email: { address: 'a@c.test', state: 'bouncing' } }))));
    expect(bouncing).toContain('data-email-state="bouncing"');
    expect(renderToString(h(EmailSection, section(summary({ emailAvailable: false }))))).toContain('This site does not send email.');
  });

  it('shows the outcome of a change in the section where it was made', () => {
    const msg = { where: 'email' as const, text: 'The request is not valid. Enter an email address.', error: true };
    const email = renderToString(h(EmailSection, section(summary(), msg)));
    expect(email).toContain('role="alert"');
    expect(email).toContain('Enter an email address.');
    const pause = renderToString(h(PauseSection, { ...section(summary(), msg), match: match() }));
    expect(pause).not.toContain('Enter an email address.');
  });

  it('push: a clear sentence instead of a button when the site or the browser cannot push', () => {
    const off = renderToString(
      h(PushSection, { ...section(summary({ push: { devices: 0, available: false } })), matchId: 'abcdefghijkl', seat: 0 }),
    );
    expect(off).toContain('data-push="unavailable"');
    expect(off).toContain('not set up to send notifications to devices');
    expect(off).not.toContain('Notify this device');
    // Outside a browser (no service worker, no PushManager) the page says so too.
    const bare = renderToString(h(PushSection, { ...section(summary()), matchId: 'abcdefghijkl', seat: 0 }));
    expect(bare).toContain('data-push="unsupported"');
    expect(bare).not.toContain('Notify this device');
    expect(bare).toContain('iPhone and iPad');
  });

  it('push: the channel switch counts the seat’s devices', () => {
    const two = renderToString(
      h(PushSection, {
        ...section(summary({ push: { devices: 2, available: true }, channels: { email: false, push: true } })),
        matchId: 'abcdefghijkl',
        seat: 0,
      }),
    );
    expect(two).toMatch(/<input type="checkbox" checked[^>]*><span>Notify my 2 devices about this match<\/span>/);
  });

  it('pause: a labelled choice of days within the budget, or until when it is paused', () => {
    const free = renderToString(
      h(PauseSection, { ...section(summary({ pause: { pausedUntil: null, budgetLeftMs: 3 * DAY + HOUR } })), match: match() }),
    );
    expect(free).toContain('<label class="field" for="nt-pause-days"><span>Pause for</span><select id="nt-pause-days"');
    expect([...free.matchAll(/<option [^>]*value="(\d+)"/g)].map((m) => m[1])).toEqual(['1', '2', '3']);
    expect(free).toContain('You have 3 days of pause left in this match.');
    expect(free).toContain('Pause my deadlines</button>');
    const until = Date.UTC(2026, 0, 15, 8, 0);
    const paused = renderToString(
      h(PauseSection, { ...section(summary({ pause: { pausedUntil: until, budgetLeftMs: 12 * DAY } })), match: match() }),
    );
    expect(paused).toContain(`data-paused-until="${until}"`);
    expect(paused).toContain('<time datetime="2026-01-15T08:00:00.000Z">');
    expect(paused).toContain('End the pause now');
    expect(paused).not.toContain('nt-pause-days');
    const spent = renderToString(
      h(PauseSection, { ...section(summary({ pause: { pausedUntil: null, budgetLeftMs: 0 } })), match: match() }),
    );
    expect(spent).not.toContain('Pause my deadlines</button>');
    expect(spent).toContain('used all the pause');
    const open = renderToString(h(PauseSection, { ...section(summary()), match: match({ status: 'open' }) }));
    expect(open).toContain('once the match has started');
  });
});

describe('match options', () => {
  it('shows the reminder, the deadline with its policy (worded from the timing, not the server’s English), and when my move is due', () => {
    const html = renderToString(h(MatchOptions, { match: match(), you: 0, now: 1000 }));
    expect(html).toContain('after 12 hours without a move');
    expect(html).toContain('Move deadline: 1 day per move.');
    expect(html).toContain('has 1 day to do it');
    expect(html).not.toContain('Each move is due within');
    expect(html).toContain(`data-due="${1000 + DAY}"`);
    expect(html).toContain('(due in 24 hours)');
  });

  it('has no due line for a spectator, a match without deadline, or one that is over, and nothing without timing', () => {
    expect(renderToString(h(MatchOptions, { match: match(), you: null, now: 1000 }))).not.toContain('data-due');
    const none = renderToString(
      h(MatchOptions, {
        match: match({
          timing: { reminderHours: 0, deadlineDays: 0, policy: 'No move deadline.' },
          seats: match().seats.map((s) => ({ ...s, deadlineAt: null })),
        }),
        you: 0,
        now: 1000,
      }),
    );
    expect(none).toContain('No reminders.');
    expect(none).toContain('No move deadline.');
    expect(none).not.toContain('class="hint policy"');
    expect(none).not.toContain('data-due');
    expect(renderToString(h(MatchOptions, { match: match({ status: 'over' }), you: 0, now: 1000 }))).not.toContain('data-due');
    expect(renderToString(h(MatchOptions, { match: match({ timing: null }), you: 0, now: 1000 }))).toBe('');
  });

  it('keeps the notifications panel closed and undownloaded until opened', () => {
    const html = renderToString(h(NotifyZone, { match: match(), seat: 0, token: 'tok' }));
    expect(html).toMatch(/^<details class="zone notify"><summary><h2>Notifications<\/h2>/);
    expect(html).not.toContain('Loading');
  });
});
