/**
 * The notifications panel of one's own seat: email (one's own address, confirmed by a mail),
 * push to this device, each channel on or off, and pausing one's own move deadlines. An address
 * this browser confirmed before is offered, and used with its proof at once, with no new mail. Loaded only
 * when the panel is opened (see NotifyZone in MatchTiming.tsx); every change is answered by the
 * server with the seat's settings as they now stand, and the panel shows exactly that.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Api } from '../api.js';
import {
  EMAIL_STATE_LABEL,
  browserZone,
  type NotifyApi,
  type NotifySummary,
  currentBrowserSubscription,
  deviceKey,
  emailStateText,
  errorText,
  loadDevices,
  notifyApi,
  pauseBudgetText,
  pauseDaysLeft,
  pushSupport,
  pushUnsupportedText,
  readPushEnv,
  saveDevices,
  subscribeBrowser,
  withoutDevice,
  zoneChoices,
} from '../notify.js';
import { fmt, t } from '../i18n.js';
import { confirmedAddresses, proofFor } from '../storage.js';
import { days } from '../text.js';
import type { Match } from '../types.js';
import { WebhookSection } from './WebhookSection.js';

/** `api` comes from the page (not imported here), so this chunk holds only the panel's own code. */
export function NotifyPanel({
  api,
  match,
  seat,
  token,
  onMatchChanged,
}: {
  api: Pick<Api, 'call'>;
  match: Match;
  seat: number;
  token: string;
  onMatchChanged?: () => void;
}) {
  const n = useMemo(() => notifyApi(api, match.matchId, seat, token), [api, match.matchId, seat, token]);
  const [sum, setSum] = useState<NotifySummary | null>(null);
  const [loadError, setLoadError] = useState('');
  const [msg, setMsg] = useState<Msg | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () => {
    setLoadError('');
    n.summary()
      .then(setSum)
      .catch((e) => setLoadError(errorText(e)));
  };
  useEffect(load, [n]);

  // An address is confirmed from the mail, in another tab or on another device: when the player
  // comes back to this page (it is shown again or gets the focus) the panel reads its settings
  // afresh, and while a confirmation is pending it also looks again now and then.
  const busyRef = useRef(false);
  busyRef.current = busy;
  const pending = sum?.email?.state === 'pending';
  useEffect(() => {
    const again = () => {
      if (document.visibilityState !== 'visible' || busyRef.current) return;
      n.summary()
        .then((s) => !busyRef.current && setSum(s))
        .catch(() => {});
    };
    document.addEventListener('visibilitychange', again);
    addEventListener('focus', again);
    const timer = pending ? setInterval(again, 20_000) : undefined;
    return () => {
      document.removeEventListener('visibilitychange', again);
      removeEventListener('focus', again);
      if (timer) clearInterval(timer);
    };
  }, [n, pending]);

  /**
   * Runs one change; the panel then shows the server's answer, and the outcome (or the server's
   * error) in the section where the player acted.
   */
  const act: Act = async (where, change, done, after) => {
    setBusy(true);
    setMsg(null);
    try {
      const s = await change();
      setSum(s);
      setMsg({ where, text: typeof done === 'string' ? done : done(s), error: false });
      after?.(s);
      return true;
    } catch (e) {
      setMsg({ where, text: errorText(e), error: true });
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (!sum) {
    return loadError ? (
      <div class="notice error" role="alert">
        <p>{loadError}</p>
        <button type="button" onClick={load}>
          {t('match.notify.retry')}
        </button>
      </div>
    ) : (
      <p class="loading">{t('match.notify.loading')}</p>
    );
  }

  const hasDeadline = (match.timing?.deadlineDays ?? 0) > 0;
  const ui = { sum, busy, act, n, msg, setMsg };
  return (
    <div class="notify-panel" data-ready="true">
      <p class="hint">{t('match.notify.intro')}</p>
      <EmailSection {...ui} />
      <PushSection {...ui} matchId={match.matchId} seat={seat} />
      <TimeSection {...ui} onMatchChanged={onMatchChanged} />
      {hasDeadline && <PauseSection {...ui} match={match} onMatchChanged={onMatchChanged} />}
      <WebhookSection api={api} target={{ kind: 'seat', matchId: match.matchId, seat, token }} />
    </div>
  );
}

type Where = 'email' | 'push' | 'pause' | 'time';
/** The outcome of the last change, shown in its own section. */
interface Msg {
  where: Where;
  text: string;
  error: boolean;
}
type Act = (
  where: Where,
  change: () => Promise<NotifySummary>,
  done: string | ((s: NotifySummary) => string),
  after?: (s: NotifySummary) => void,
) => Promise<boolean>;
/** What every section gets from the panel. */
export interface SectionProps {
  sum: NotifySummary;
  busy: boolean;
  act: Act;
  n: NotifyApi;
  msg: Msg | null;
  setMsg: (m: Msg | null) => void;
}

/** A channel's on/off switch for this match, with the confirmation for each way. */
function ChannelSwitch({
  channel,
  said,
  sum,
  busy,
  act,
  n,
  children,
}: Pick<SectionProps, 'sum' | 'busy' | 'act' | 'n'> & {
  channel: 'email' | 'push';
  said: { on: string; off: string };
  children: ComponentChildren;
}) {
  // While the change is on its way the box shows what was asked for, not the old setting; if the
  // server refuses, it shows the stored setting again beside the server's words.
  const [asked, setAsked] = useState<boolean | null>(null);
  return (
    <label class="check">
      <input
        type="checkbox"
        checked={asked ?? sum.channels[channel]}
        disabled={busy}
        onChange={(e) => {
          const on = (e.currentTarget as HTMLInputElement).checked;
          setAsked(on);
          void act(channel, () => n.channels({ [channel]: on }), on ? said.on : said.off).finally(() => setAsked(null));
        }}
      />
      {children}
    </label>
  );
}

/** The outcome of the last change made in this section: an error to read, or a quiet status. */
function Outcome({ where, msg, setMsg }: { where: Where; msg: Msg | null; setMsg: (m: Msg | null) => void }) {
  const mine = msg?.where === where ? msg : null;
  return (
    <>
      {mine?.error && (
        <div class="notice error" role="alert">
          <p>{mine.text}</p>
          <button type="button" onClick={() => setMsg(null)}>
            {t('match.notice.dismiss')}
          </button>
        </div>
      )}
      <p class="status-line" role="status">
        {mine && !mine.error ? mine.text : ''}
      </p>
    </>
  );
}

export function EmailSection({ sum, busy, act, n, msg, setMsg }: SectionProps) {
  // The address this browser confirmed last is offered; any address it confirmed goes without a mail.
  const [address, setAddress] = useState(() => confirmedAddresses()[0]?.address ?? '');
  const heading = useRef<HTMLHeadingElement>(null);
  const email = sum.email;
  const proof = proofFor(address);

  async function send(e: Event) {
    e.preventDefault();
    const a = address.trim();
    const said = (s: NotifySummary) =>
      s.email?.state === 'confirmed' ? t('match.notify.email.usedAtOnce', { address: a }) : t('match.notify.email.sent', { address: a });
    if (await act('email', () => n.setEmail(a, proof), said)) {
      setAddress('');
      // The form is gone; keyboard focus goes to the section rather than to the page's start.
      heading.current?.focus();
    }
  }

  return (
    <section class="notify-block" aria-labelledby="nt-email-h">
      <h3 id="nt-email-h" ref={heading} tabIndex={-1}>
        {t('match.notify.email.title')}
      </h3>
      {!sum.emailAvailable ? (
        <p class="note">{t('match.notify.email.unavailable')}</p>
      ) : email ? (
        <>
          <p class="email-line">
            <span class="address" translate={false}>
              {email.address}
            </span>{' '}
            <span class={`badge email-${email.state}`} data-email-state={email.state}>
              {t(EMAIL_STATE_LABEL[email.state])}
            </span>
          </p>
          <p>{emailStateText(email, sum.channels.email)}</p>
          {email.state === 'confirmed' && (
            <ChannelSwitch
              channel="email"
              said={{ on: t('match.notify.email.on'), off: t('match.notify.email.off') }}
              {...{ sum, busy, act, n }}
            >
              <span>{t('match.notify.email.switch')}</span>
            </ChannelSwitch>
          )}
          <div class="buttons">
            <button type="button" disabled={busy} onClick={() => act('email', () => n.removeEmail(), t('match.notify.email.removed'))}>
              {t('match.notify.email.remove')}
            </button>
          </div>
        </>
      ) : (
        // noValidate: the server checks the address and its answer is shown, in the same words everywhere.
        <form noValidate onSubmit={send}>
          <label class="field" for="nt-email">
            <span>{t('match.notify.email.label')}</span>
            <input
              id="nt-email"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              value={address}
              aria-describedby={proof ? 'nt-email-hint nt-email-known' : 'nt-email-hint'}
              onInput={(e) => setAddress((e.currentTarget as HTMLInputElement).value)}
            />
          </label>
          <p class="hint" id="nt-email-hint">
            {t('match.notify.email.hint')}
          </p>
          {proof && (
            <p class="hint" id="nt-email-known" data-email-known>
              {t('match.notify.email.known')}
            </p>
          )}
          <button type="submit" class="primary" disabled={busy || address.trim() === ''}>
            {t(proof ? 'match.notify.email.use' : 'match.notify.email.send')}
          </button>
        </form>
      )}
      <Outcome where="email" msg={msg} setMsg={setMsg} />
    </section>
  );
}

export function PushSection({ sum, busy, act, n, msg, setMsg, matchId, seat }: SectionProps & { matchId: string; seat: number }) {
  const support = useMemo(() => pushSupport(readPushEnv()), []);
  const key = deviceKey(matchId, seat);
  const [endpoint, setEndpoint] = useState<string | null>(() => loadDevices()[key] ?? null);
  const [working, setWorking] = useState(false);

  // The browser may have dropped its subscription (site data cleared): then this device is off.
  useEffect(() => {
    if (!endpoint || support !== 'ok') return;
    let live = true;
    void currentBrowserSubscription().then((sub) => {
      if (live && sub?.endpoint !== endpoint) {
        saveDevices(withoutDevice(loadDevices(), key).map);
        setEndpoint(null);
      }
    });
    return () => {
      live = false;
    };
  }, []);

  async function turnOn() {
    setWorking(true);
    setMsg(null);
    let sub: PushSubscription | null = null;
    try {
      const { publicKey } = await n.publicKey();
      sub = await subscribeBrowser(publicKey);
    } catch (e) {
      setMsg({ where: 'push', text: errorText(e), error: true });
      setWorking(false);
      return;
    }
    const s = sub;
    const ok = await act(
      'push',
      () => n.addPush(s.toJSON()),
      t('match.notify.push.on'),
      () => {
        saveDevices({ ...loadDevices(), [key]: s.endpoint });
        setEndpoint(s.endpoint);
      },
    );
    // Not registered with the server: leave nothing behind that no match uses.
    if (!ok && !Object.values(loadDevices()).includes(s.endpoint)) await s.unsubscribe().catch(() => false);
    setWorking(false);
  }

  async function turnOff() {
    if (!endpoint) return;
    setWorking(true);
    await act(
      'push',
      () => n.removePush(endpoint),
      t('match.notify.push.off'),
      async () => {
        const { map, stillUsed } = withoutDevice(loadDevices(), key);
        saveDevices(map);
        setEndpoint(null);
        // The browser's one subscription serves every match here: keep it while another uses it.
        if (!stillUsed) await (await currentBrowserSubscription())?.unsubscribe().catch(() => false);
      },
    );
    setWorking(false);
  }

  return (
    <section class="notify-block" aria-labelledby="nt-push-h">
      <h3 id="nt-push-h">{t('match.notify.push.title')}</h3>
      {!sum.push.available ? (
        <p class="note" data-push="unavailable">
          {t('match.notify.push.unavailable')}
        </p>
      ) : support !== 'ok' ? (
        <p class="note" data-push="unsupported">
          {pushUnsupportedText(support)}
        </p>
      ) : endpoint ? (
        <>
          <p>{t('match.notify.push.active')}</p>
          <div class="buttons">
            <button type="button" disabled={busy || working} onClick={turnOff}>
              {t('match.notify.push.stop')}
            </button>
          </div>
        </>
      ) : (
        <div class="buttons">
          <button type="button" class="primary" disabled={busy || working} onClick={turnOn}>
            {working ? t('match.notify.push.asking') : t('match.notify.push.start')}
          </button>
        </div>
      )}
      {support !== 'add-to-home-screen' && <p class="hint">{t('match.notify.push.ios')}</p>}
      {sum.push.available && sum.push.devices > 0 && (
        <ChannelSwitch
          channel="push"
          said={{ on: t('match.notify.push.switchOn'), off: t('match.notify.push.switchOff') }}
          {...{ sum, busy, act, n }}
        >
          <span>{t('match.notify.push.switch', { count: sum.push.devices })}</span>
        </ChannelSwitch>
      )}
      <Outcome where="push" msg={msg} setMsg={setMsg} />
    </section>
  );
}

export function PauseSection({
  match,
  sum,
  busy,
  act,
  n,
  msg,
  setMsg,
  onMatchChanged,
}: SectionProps & { match: Match; onMatchChanged?: (() => void) | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const change = async (run: () => Promise<NotifySummary>, done: string) => {
    // The button pressed is replaced by another: keep keyboard focus in this section.
    if (await act('pause', run, done, onMatchChanged)) heading.current?.focus();
  };
  const left = pauseDaysLeft(sum.pause.budgetLeftMs);
  const [chosen, setChosen] = useState(1);
  const until = sum.pause.pausedUntil;
  // Up to the days left: the server's budget is never more than the longest pause it accepts.
  const pick = Math.min(chosen, Math.max(1, left));

  return (
    <section class="notify-block" aria-labelledby="nt-pause-h">
      <h3 id="nt-pause-h" ref={heading} tabIndex={-1}>
        {t('match.notify.pause.title')}
      </h3>
      {until !== null ? (
        <>
          <p class="paused" data-paused-until={until}>
            {t('match.notify.pause.until')} <time dateTime={new Date(until).toISOString()}>{fmt.when(until)}</time>
            {t('match.notify.pause.untilAfter')}
          </p>
          <div class="buttons">
            <button type="button" disabled={busy} onClick={() => change(() => n.resume(), t('match.notify.pause.resumed'))}>
              {t('match.notify.pause.end')}
            </button>
          </div>
        </>
      ) : match.status !== 'active' ? (
        <p class="note">{t('match.notify.pause.notYet')}</p>
      ) : left > 0 ? (
        <div class="pause-row">
          <label class="field" for="nt-pause-days">
            <span>{t('match.notify.pause.for')}</span>
            <select
              id="nt-pause-days"
              value={String(pick)}
              onChange={(e) => setChosen(Number((e.currentTarget as HTMLSelectElement).value))}
            >
              {Array.from({ length: left }, (_, i) => i + 1).map((d) => (
                <option key={d} value={d}>
                  {days(d)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" disabled={busy} onClick={() => change(() => n.pause(pick), t('match.notify.pause.paused', { days: pick }))}>
            {t('match.notify.pause.title')}
          </button>
        </div>
      ) : null}
      <p class="hint">{t('match.notify.pause.hint', { budget: pauseBudgetText(left) })}</p>
      <Outcome where="pause" msg={msg} setMsg={setMsg} />
    </section>
  );
}

/**
 * The seat's time zone (the browser's until the player saves one) and quiet hours: no mail or push then, and
 * no deadline of this seat passes inside them (functions/matches/zones.ts).
 */
export function TimeSection({
  sum,
  busy,
  act,
  n,
  msg,
  setMsg,
  onMatchChanged,
}: SectionProps & { onMatchChanged?: (() => void) | undefined }) {
  const fallback = useMemo(browserZone, []);
  const [zone, setZone] = useState(sum.time.zone ?? fallback);
  const [quietOn, setQuietOn] = useState(sum.time.quiet !== null);
  const [from, setFrom] = useState(sum.time.quiet?.from ?? '23:00');
  const [to, setTo] = useState(sum.time.quiet?.to ?? '08:00');
  const zones = useMemo(() => zoneChoices(zone, fallback), [zone, fallback]);
  const save = (e: Event) => {
    e.preventDefault();
    void act('time', () => n.setTime(zone, quietOn ? { from, to } : null), t('match.notify.time.saved', { zone }), onMatchChanged);
  };
  const value = (set: (v: string) => void) => (e: Event) => set((e.currentTarget as HTMLInputElement).value);
  return (
    <section class="notify-block" aria-labelledby="nt-time-h">
      <h3 id="nt-time-h">{t('match.notify.time.title')}</h3>
      <form onSubmit={save}>
        <label class="field" for="nt-time-zone">
          <span>{t('match.notify.time.zone')}</span>
          <select id="nt-time-zone" value={zone} onChange={value(setZone)}>
            {zones.map((z) => (
              // A zone's id is a name (Europe/Amsterdam), not words to translate.
              <option key={z} value={z} selected={z === zone} translate={false}>
                {z}
              </option>
            ))}
          </select>
        </label>
        {sum.time.zone === null && <p class="note">{t('match.notify.time.fromBrowser')}</p>}
        <label class="check">
          <input type="checkbox" checked={quietOn} onChange={(e) => setQuietOn((e.currentTarget as HTMLInputElement).checked)} />
          <span>{t('match.notify.time.quiet')}</span>
        </label>
        {quietOn && (
          <div class="pause-row">
            <label class="field" for="nt-quiet-from">
              <span>{t('match.notify.time.from')}</span>
              <input id="nt-quiet-from" type="time" required value={from} onInput={value(setFrom)} />
            </label>
            <label class="field" for="nt-quiet-to">
              <span>{t('match.notify.time.to')}</span>
              <input id="nt-quiet-to" type="time" required value={to} onInput={value(setTo)} />
            </label>
          </div>
        )}
        <div class="buttons">
          <button type="submit" disabled={busy}>
            {t('match.notify.time.save')}
          </button>
        </div>
      </form>
      <p class="hint">{t('match.notify.time.hint')}</p>
      <Outcome where="time" msg={msg} setMsg={setMsg} />
    </section>
  );
}
