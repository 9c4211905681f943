/**
 * The player's own pages, loaded only when opened: `/signin` (ask for a link by mail) and `/account`
 * (who is signed in, the signed-in devices, notice defaults, what follows a move, the player's own chat-app
 * webhooks, and the player's data).
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, api } from '../../api.js';
import { loadSession, type NoticeChoice, type Player } from '../../player.js';
import { type MessageKey, fmt, t, useLang } from '../../i18n.js';
import { ConfirmButton } from '../Confirm.js';
import { nextAfterMove, saveNextAfterMove } from '../../storage.js';
import { navigate, onLinkClick } from '../router.js';
import { SiteBar, useSession } from '../SiteBar.js';
import { BlockedPlayers } from './SafetyPanel.js';
import { Challenges } from './Challenges.js';
import { Friends } from './Friends.js';
import { WebhookSection } from '../WebhookSection.js';

const says = (e: unknown) => (e instanceof ApiFailure ? e.message : t('account.unreachable'));

/** The tab's title on these pages: the site's name, in the language shown. */
function useSiteTitle() {
  const lang = useLang();
  useEffect(() => {
    document.title = t('site.name');
  }, [lang]);
}

export function SignInPage() {
  const session = useSession();
  useSiteTitle();
  const [address, setAddress] = useState('');
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await api.call('POST', '/api/session/link', { body: { address: address.trim() } });
      setSent(address.trim());
    } catch (err) {
      setError(says(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="page account">
      <SiteBar />
      <h1>{t('site.signIn')}</h1>
      {session.kind === 'in' && (
        <p class="notice">
          {t('account.signedInAlready')}{' '}
          <a href="/account" onClick={(e) => onLinkClick(e)}>
            {t('site.account.title')}
          </a>
        </p>
      )}
      {sent ? (
        <section class="zone" aria-labelledby="sent-h" data-sent="true">
          <h2 id="sent-h" tabIndex={-1} ref={(h) => h?.focus()}>
            {t('account.sent.title')}
          </h2>
          <p>{t('account.sent.text', { address: sent, minutes: 15 })}</p>
          <button type="button" onClick={() => setSent('')}>
            {t('account.sent.other')}
          </button>
        </section>
      ) : (
        <form class="zone" onSubmit={submit} noValidate>
          <p>{t('account.signIn.intro')}</p>
          <label for="signin-address">{t('account.signIn.address')}</label>
          <input
            id="signin-address"
            class="signin-input"
            type="email"
            autoComplete="email"
            required
            value={address}
            onInput={(e) => setAddress(e.currentTarget.value)}
            aria-describedby={error ? 'signin-error' : undefined}
          />
          {error && (
            <p id="signin-error" class="notice error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" class="primary" disabled={busy}>
            {t('account.signIn.submit')}
          </button>
          <p class="muted">{t('account.signIn.noAccount')}</p>
        </form>
      )}
    </main>
  );
}

export function AccountPage() {
  const session = useSession();
  useSiteTitle();
  if (session.kind === 'unknown')
    return (
      <main class="page account" aria-busy="true">
        <SiteBar />
        <p class="loading">{t('site.loading')}</p>
      </main>
    );
  if (session.kind !== 'in') {
    return (
      <main class="page account">
        <SiteBar />
        <h1>{t('site.account.title')}</h1>
        <p>
          {t('account.notSignedIn')}{' '}
          <a href="/signin" onClick={(e) => onLinkClick(e)}>
            {t('site.signIn')}
          </a>
        </p>
      </main>
    );
  }
  return (
    <main class="page account">
      <SiteBar />
      <h1>{t('site.account.title')}</h1>
      <p>
        {t('account.signedInAs')}{' '}
        <strong class="account-address" translate={false}>
          {session.player.address}
        </strong>
        {t('account.signedInAfter')}
      </p>
      <PlayerName />
      <BlockedPlayers />
      <Challenges />
      <Friends />
      <Sessions />
      <Notices player={session.player} />
      <VacationBank />
      <AfterMove />
      <WebhookSection api={api} target={{ kind: 'player' }} />
      <YourData />
    </main>
  );
}

interface Profile {
  name: string | null;
  nextChangeAt: number | null;
  hideLastSeen: boolean;
}

/** The vacation bank (functions/matches/vacation.ts): the days left, and what spends them. */
interface Bank {
  days: number;
  perYear: number;
  trip: { from: number; to: number } | null;
}

/** A date field's day as the reader's local midnight (ms). */
const dayStart = (value: string) => new Date(`${value}T00:00`).getTime();

function VacationBank() {
  const [bank, setBank] = useState<Bank | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    api.call<Bank>('GET', '/api/me/vacation').then(setBank, () => setBank(null));
  }, []);
  const change = async (call: () => Promise<Bank>) => {
    setError('');
    try {
      setBank(await call());
    } catch (err) {
      setError(says(err));
    }
  };
  if (!bank) return null;
  return (
    <section class="zone" aria-labelledby="vacation-h" data-vacation-days={bank.days}>
      <h2 id="vacation-h">{t('account.vacation.title')}</h2>
      <p>{t('account.vacation.left', { days: bank.days, perYear: bank.perYear })}</p>
      <p class="muted">{t('account.vacation.how')}</p>
      {bank.trip ? (
        <p>
          {t('account.vacation.trip', { from: fmt.date(bank.trip.from), to: fmt.date(bank.trip.to - 1) })}{' '}
          <button type="button" onClick={() => change(() => api.call<Bank>('DELETE', '/api/me/vacation/trip'))}>
            {t('account.vacation.cancel')}
          </button>
        </p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            // The last day counts whole: the trip ends at the next midnight.
            const body = { from: dayStart(from), to: dayStart(to) + 24 * 3600_000 };
            change(() => api.call<Bank>('PUT', '/api/me/vacation/trip', { body }));
          }}
        >
          <label>
            {t('account.vacation.from')}{' '}
            <input type="date" name="vacation-from" required value={from} onInput={(e) => setFrom(e.currentTarget.value)} />
          </label>{' '}
          <label>
            {t('account.vacation.to')}{' '}
            <input type="date" name="vacation-to" required value={to} onInput={(e) => setTo(e.currentTarget.value)} />
          </label>{' '}
          <button type="submit">{t('account.vacation.take')}</button>
        </form>
      )}
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** The player name others see on seats and on the player's page, and whether they see when the player was last here. */
function PlayerName() {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    api.call<Profile>('GET', '/api/me/profile').then(
      (p) => {
        setProfile(p);
        // What the player already typed while the profile was on its way stays.
        setDraft((typed) => typed || (p.name ?? ''));
      },
      (e) => setError(says(e)),
    );
  }, []);
  const save = async (e: Event) => {
    e.preventDefault();
    setError('');
    setSaved(false);
    try {
      setProfile(await api.call<Profile>('PUT', '/api/me/name', { body: { name: draft } }));
      setSaved(true);
    } catch (err) {
      setError(says(err));
    }
  };
  const hide = async (hideLastSeen: boolean) => {
    try {
      setProfile(await api.call<Profile>('PUT', '/api/me/presence', { body: { hideLastSeen } }));
    } catch (err) {
      setError(says(err));
    }
  };
  const locked = profile?.nextChangeAt != null && profile.nextChangeAt > Date.now();
  return (
    <section class="zone" aria-labelledby="player-name-h">
      <h2 id="player-name-h">{t('account.name.title')}</h2>
      <p>{t('account.name.text')}</p>
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
      <form onSubmit={(e) => void save(e)}>
        <label for="player-name">{t('account.name.label')}</label>
        <input
          id="player-name"
          name="name"
          autocomplete="nickname"
          minLength={3}
          maxLength={24}
          required
          value={draft}
          disabled={locked}
          onInput={(e) => setDraft((e.currentTarget as HTMLInputElement).value)}
        />
        <button type="submit" disabled={locked || !draft.trim()}>
          {t('account.name.save')}
        </button>
      </form>
      <p class="muted" role="status">
        {saved ? t('account.name.saved') : ''}
        {profile?.name && locked ? ` ${t('account.name.next', { date: fmt.date(profile.nextChangeAt!) })}` : ''}
      </p>
      {profile?.name && (
        <p>
          <a href={`/players/${encodeURIComponent(profile.name)}`} onClick={(e) => onLinkClick(e)}>
            {t('account.name.page')}
          </a>
        </p>
      )}
      <label class="check">
        <input
          type="checkbox"
          checked={profile?.hideLastSeen ?? false}
          onChange={(e) => void hide((e.currentTarget as HTMLInputElement).checked)}
        />{' '}
        {t('account.name.hideLastSeen')}
      </label>
    </section>
  );
}

interface SessionRow {
  id: string;
  device: string;
  createdAt: number;
  expiresAt: number;
  current: boolean;
}

/** "Firefox on Android" from a browser's own description, so devices can be told apart at a glance. */
export function deviceName(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : '';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  if (!browser) return os ? t('account.device.someOn', { os }) : t('account.device.some');
  return os ? t('account.device.on', { browser, os }) : browser;
}

function Sessions() {
  const [rows, setRows] = useState<SessionRow[] | null>(null);
  const [error, setError] = useState('');
  const load = () =>
    api.call<{ sessions: SessionRow[] }>('GET', '/api/me/sessions').then(
      (r) => setRows(r.sessions),
      (e) => setError(says(e)),
    );
  useEffect(() => void load(), []);
  const revoke = async (row: SessionRow) => {
    try {
      await api.call('DELETE', `/api/me/sessions/${row.id}`);
      if (row.current) {
        await loadSession(true);
        navigate('/');
      } else await load();
    } catch (e) {
      setError(says(e));
    }
  };
  const everywhere = async () => {
    try {
      await api.call('POST', '/api/session/everywhere');
      await loadSession(true);
      navigate('/');
    } catch (e) {
      setError(says(e));
    }
  };
  return (
    <section class="zone" aria-labelledby="sessions-h">
      <h2 id="sessions-h">{t('account.sessions.title')}</h2>
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
      {rows && (
        <ul class="session-list">
          {rows.map((r) => (
            <li key={r.id} data-session={r.id}>
              <span class="device" title={r.device} translate={false}>
                {deviceName(r.device)}
              </span>
              <span class="muted">
                {' '}
                {t('account.sessions.since', { when: fmt.when(r.createdAt) })}
                {r.current ? ` · ${t('account.sessions.thisDevice')}` : ''}
              </span>{' '}
              <button type="button" onClick={() => void revoke(r)}>
                {r.current ? t('account.sessions.signOutThis') : t('account.sessions.signOutThat')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmButton
        label={t('account.sessions.everywhere')}
        question={t('account.sessions.everywhereQuestion')}
        confirmLabel={t('account.sessions.everywhere')}
        danger
        onConfirm={everywhere}
      />
    </section>
  );
}

const CHOICES: { value: NoticeChoice; label: MessageKey }[] = [
  { value: 'email', label: 'account.notices.email' },
  { value: 'push', label: 'account.notices.push' },
  { value: 'both', label: 'account.notices.both' },
  { value: 'none', label: 'account.notices.none' },
];

type MailRhythm = 'each-turn' | 'daily';
type OpenApi = {
  paths?: Record<
    string,
    { put?: { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { enum?: string[] }> } }> } } }
  >;
};

/** Whether this server offers the daily digest (its OpenAPI document lists the choice), asked once. */
let digestOffer: Promise<boolean> | null = null;
const offersDigest = () =>
  (digestOffer ??= api.call<OpenApi>('GET', '/api/openapi.json').then(
    (doc) =>
      !!doc.paths?.['/api/me/notices']?.put?.requestBody?.content?.['application/json']?.schema?.properties?.mail?.enum?.includes('daily'),
    () => false,
  ));

function Notices({ player }: { player: Player & { defaults: { mail?: MailRhythm } } }) {
  const [notices, setNotices] = useState(player.defaults.notices);
  const [reminders, setReminders] = useState(player.defaults.reminders);
  const [mail, setMail] = useState<MailRhythm>(player.defaults.mail ?? 'each-turn');
  const [digest, setDigest] = useState(false);
  const [status, setStatus] = useState('');
  useEffect(() => void offersDigest().then(setDigest), []);
  const save = async (e: Event) => {
    e.preventDefault();
    setStatus(t('account.notices.saving'));
    try {
      await api.call('PUT', '/api/me/notices', { body: { notices, reminders, ...(digest ? { mail } : {}) } });
      await loadSession(true);
      setStatus(t('account.notices.saved'));
    } catch (err) {
      setStatus(says(err));
    }
  };
  return (
    <form class="zone" aria-labelledby="notices-h" onSubmit={save}>
      <h2 id="notices-h">{t('account.notices.title')}</h2>
      <fieldset>
        <legend>{t('account.notices.tell')}</legend>
        {CHOICES.map((c) => (
          <label key={c.value} class="choice">
            <input type="radio" name="notices" value={c.value} checked={notices === c.value} onChange={() => setNotices(c.value)} />{' '}
            {t(c.label)}
          </label>
        ))}
      </fieldset>
      {digest && (
        <fieldset data-digest>
          <legend>{t('account.notices.mail')}</legend>
          <label class="choice">
            <input type="radio" name="mail" value="each-turn" checked={mail === 'each-turn'} onChange={() => setMail('each-turn')} />{' '}
            {t('account.notices.eachTurn')}
          </label>
          <label class="choice">
            <input type="radio" name="mail" value="daily" checked={mail === 'daily'} onChange={() => setMail('daily')} />{' '}
            {t('account.notices.daily')}
          </label>
        </fieldset>
      )}
      <label class="choice">
        <input type="checkbox" checked={reminders} onChange={(e) => setReminders(e.currentTarget.checked)} />{' '}
        {t('account.notices.reminders')}
      </label>
      <button type="submit" class="primary">
        {t('account.notices.save')}
      </button>
      <p role="status" class="muted">
        {status}
      </p>
    </form>
  );
}

/** "Take me to the next match after my move" (web/src/ui/match/nextAfterMove.ts), kept by this browser at once. */
function AfterMove() {
  const [on, setOn] = useState(nextAfterMove);
  return (
    <section class="zone" aria-labelledby="after-move-h">
      <h2 id="after-move-h">{t('account.after.title')}</h2>
      <label class="choice">
        <input
          type="checkbox"
          name="next-after-move"
          checked={on}
          onChange={(e) => {
            saveNextAfterMove(e.currentTarget.checked);
            setOn(e.currentTarget.checked);
          }}
        />{' '}
        {t('account.after.next')}
      </label>
      <p class="muted">{t('account.after.device')}</p>
    </section>
  );
}

function YourData() {
  const [shown, setShown] = useState<string | null>(null);
  const [error, setError] = useState('');
  const view = async () => {
    try {
      setShown(JSON.stringify(await api.call('GET', '/api/me/export'), null, 2));
    } catch (e) {
      setError(says(e));
    }
  };
  const remove = async () => {
    try {
      await api.call('DELETE', '/api/me');
      await loadSession(true);
      navigate('/');
    } catch (e) {
      setError(says(e));
    }
  };
  return (
    <section class="zone" aria-labelledby="data-h">
      <h2 id="data-h">{t('account.data.title')}</h2>
      <p>{t('account.data.text')}</p>
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="button" onClick={() => void (shown === null ? view() : setShown(null))} aria-expanded={shown !== null}>
          {shown === null ? t('account.data.show') : t('account.data.hide')}
        </button>
        <a href="/api/me/export" download="my-dutch-data.json">
          {t('account.data.download')}
        </a>
      </div>
      {shown !== null && (
        <pre class="data-export" translate={false}>
          {shown}
        </pre>
      )}
      <div class="danger-zone">
        <p>{t('account.data.deleteText')}</p>
        <ConfirmButton
          label={t('account.data.delete')}
          question={t('account.data.deleteQuestion')}
          confirmLabel={t('account.data.deleteConfirm')}
          danger
          onConfirm={remove}
        />
      </div>
    </section>
  );
}
