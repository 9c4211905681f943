/**
 * The player's own pages, loaded only when opened: `/signin` (ask for a link by mail) and `/account`
 * (who is signed in, the signed-in devices, notice defaults, and the player's data).
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, api } from '../../api.js';
import { loadSession, type NoticeChoice, type Player } from '../../player.js';
import { formatWhen } from '../../text.js';
import { ConfirmButton } from '../Confirm.js';
import { navigate, onLinkClick } from '../router.js';
import { SiteBar, useSession } from '../SiteBar.js';

const says = (e: unknown) => (e instanceof ApiFailure ? e.message : 'The server could not be reached. Try again in a moment.');

export function SignInPage() {
  const session = useSession();
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
      <h1>Sign in</h1>
      {session.kind === 'in' && (
        <p class="notice">
          This device is signed in already.{' '}
          <a href="/account" onClick={(e) => onLinkClick(e)}>
            Your account
          </a>
        </p>
      )}
      {sent ? (
        <section class="zone" aria-labelledby="sent-h" data-sent="true">
          <h2 id="sent-h" tabIndex={-1} ref={(h) => h?.focus()}>
            Look in your mailbox
          </h2>
          <p>
            We sent a sign-in link to <strong>{sent}</strong>, if mail can reach it. The link works once, for 15 minutes, and signs in the
            device you open it on.
          </p>
          <button type="button" onClick={() => setSent('')}>
            Use another address
          </button>
        </section>
      ) : (
        <form class="zone" onSubmit={submit} noValidate>
          <p>No password: we mail you a link, and opening it signs you in. Your matches then follow you to every device you sign in on.</p>
          <label for="signin-address">Your email address</label>
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
            Mail me a sign-in link
          </button>
          <p class="muted">Playing needs no account: seat links keep working as they always have.</p>
        </form>
      )}
    </main>
  );
}

export function AccountPage() {
  const session = useSession();
  if (session.kind === 'unknown')
    return (
      <main class="page account" aria-busy="true">
        <SiteBar />
        <p class="loading">Loading…</p>
      </main>
    );
  if (session.kind !== 'in') {
    return (
      <main class="page account">
        <SiteBar />
        <h1>Your account</h1>
        <p>
          This device is not signed in.{' '}
          <a href="/signin" onClick={(e) => onLinkClick(e)}>
            Sign in
          </a>
        </p>
      </main>
    );
  }
  return (
    <main class="page account">
      <SiteBar />
      <h1>Your account</h1>
      <p>
        Signed in as <strong class="account-address">{session.player.address}</strong>. Only you see this address; other players see the
        names you play under.
      </p>
      <Sessions />
      <Notices player={session.player} />
      <YourData />
    </main>
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
          : 'A browser';
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
  return os ? `${browser} on ${os}` : browser;
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
      <h2 id="sessions-h">Signed-in devices</h2>
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
      {rows && (
        <ul class="session-list">
          {rows.map((r) => (
            <li key={r.id} data-session={r.id}>
              <span class="device" title={r.device}>
                {deviceName(r.device)}
              </span>
              <span class="muted">
                {' '}
                since {formatWhen(r.createdAt)}
                {r.current ? ' · this device' : ''}
              </span>{' '}
              <button type="button" onClick={() => void revoke(r)}>
                {r.current ? 'Sign out this device' : 'Sign this device out'}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmButton
        label="Sign out everywhere"
        question="Sign out every device, this one too? Sign-in links already mailed stop working as well."
        confirmLabel="Sign out everywhere"
        danger
        onConfirm={everywhere}
      />
    </section>
  );
}

const CHOICES: { value: NoticeChoice; label: string }[] = [
  { value: 'email', label: 'By email' },
  { value: 'push', label: 'On this device (push), where it is turned on' },
  { value: 'both', label: 'Both' },
  { value: 'none', label: 'Not at all' },
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
    setStatus('Saving…');
    try {
      await api.call('PUT', '/api/me/notices', { body: { notices, reminders, ...(digest ? { mail } : {}) } });
      await loadSession(true);
      setStatus('Saved. Every match in your record now follows these choices, unless you set a match apart.');
    } catch (err) {
      setStatus(says(err));
    }
  };
  return (
    <form class="zone" aria-labelledby="notices-h" onSubmit={save}>
      <h2 id="notices-h">When it is your move</h2>
      <fieldset>
        <legend>Tell me</legend>
        {CHOICES.map((c) => (
          <label key={c.value} class="choice">
            <input type="radio" name="notices" value={c.value} checked={notices === c.value} onChange={() => setNotices(c.value)} />{' '}
            {c.label}
          </label>
        ))}
      </fieldset>
      {digest && (
        <fieldset data-digest>
          <legend>Mail about my moves</legend>
          <label class="choice">
            <input type="radio" name="mail" value="each-turn" checked={mail === 'each-turn'} onChange={() => setMail('each-turn')} /> A mail
            each time it is my move
          </label>
          <label class="choice">
            <input type="radio" name="mail" value="daily" checked={mail === 'daily'} onChange={() => setMail('daily')} /> At most one mail a
            day, listing every match waiting for me
          </label>
        </fieldset>
      )}
      <label class="choice">
        <input type="checkbox" checked={reminders} onChange={(e) => setReminders(e.currentTarget.checked)} /> Remind me when a move of mine
        has waited a while
      </label>
      <button type="submit" class="primary">
        Save these choices
      </button>
      <p role="status" class="muted">
        {status}
      </p>
    </form>
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
      <h2 id="data-h">Your data</h2>
      <p>Everything we keep about you: your address, your devices, your choices and the seats in your record.</p>
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="button" onClick={() => void (shown === null ? view() : setShown(null))} aria-expanded={shown !== null}>
          {shown === null ? 'Show my data' : 'Hide my data'}
        </button>
        <a href="/api/me/export" download="my-dutch-data.json">
          Download it (JSON)
        </a>
      </div>
      {shown !== null && <pre class="data-export">{shown}</pre>}
      <div class="danger-zone">
        <p>
          Deleting your record removes your address, devices and the list of your matches. The matches go on: their seat links still work.
        </p>
        <ConfirmButton
          label="Delete my record"
          question="Delete your record for good? This cannot be undone."
          confirmLabel="Delete it"
          danger
          onConfirm={remove}
        />
      </div>
    </section>
  );
}
