/**
 * Block and report (issue 28, "Safety"), in the account pages' chunk: on a player's page, block or unblock them
 * and report them or their name; on the account page, the players you blocked, each with an unblock button. The
 * server does the keeping apart (quick match, chat): these only ask it. Shown to signed-in visitors only.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, api } from '../../api.js';
import { fmt, type MessageKey, t } from '../../i18n.js';
import { useSession } from '../SiteBar.js';

const says = (e: unknown) => (e instanceof ApiFailure ? e.message : t('account.unreachable'));
const REASONS = ['abuse', 'spam', 'cheating', 'offensive-name', 'other'] as const;
const REASON_WORDS = {
  abuse: 'account.safety.reason.abuse',
  spam: 'account.safety.reason.spam',
  cheating: 'account.safety.reason.cheating',
  'offensive-name': 'account.safety.reason.offensiveName',
  other: 'account.safety.reason.other',
} as const satisfies Record<(typeof REASONS)[number], MessageKey>;
const KIND_WORDS = { player: 'account.safety.report.kind.player', name: 'account.safety.report.kind.name' } as const satisfies Record<
  string,
  MessageKey
>;
const TEXT_MAX = 500;

interface Blocked {
  name: string | null;
  at: number;
}

/** On `/players/<name>`: block or unblock, and the report form. Nothing for one's own page or when signed out. */
export function PlayerSafety({ name }: { name: string }) {
  const session = useSession();
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const [own, setOwn] = useState(true);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const signedIn = session.kind === 'in';
  useEffect(() => {
    if (!signedIn) return;
    const same = (other: string | null | undefined) => other?.toLowerCase() === name.toLowerCase();
    Promise.all([
      api.call<{ players: Blocked[] }>('GET', '/api/me/blocks'),
      api.call<{ name: string | null }>('GET', '/api/me/profile'),
    ]).then(
      ([b, me]) => {
        setOwn(same(me.name));
        setBlocked(b.players.some((p) => same(p.name)));
      },
      (e) => setError(says(e)),
    );
  }, [signedIn, name]);
  if (!signedIn || own) return null;
  const toggle = async () => {
    setError('');
    try {
      await api.call(blocked ? 'DELETE' : 'PUT', `/api/players/${encodeURIComponent(name)}/block`);
      setNote(blocked ? t('account.safety.unblocked', { name }) : t('account.safety.blocked', { name }));
      setBlocked(!blocked);
    } catch (e) {
      setError(says(e));
    }
  };
  return (
    <section class="zone safety" aria-labelledby="safety-h">
      <h2 id="safety-h">{t('account.safety.title')}</h2>
      <p>{t('account.safety.blockText')}</p>
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
      <button type="button" class="block-player" disabled={blocked === null} onClick={() => void toggle()}>
        {blocked ? t('account.safety.unblock', { name }) : t('account.safety.block', { name })}
      </button>
      <p class="muted" role="status">
        {note}
      </p>
      <ReportForm name={name} />
    </section>
  );
}

/** Report a player or their name: a reason from the short list and, if they like, words of their own. */
function ReportForm({ name }: { name: string }) {
  const [kind, setKind] = useState<'player' | 'name'>('player');
  const [reason, setReason] = useState<(typeof REASONS)[number]>('abuse');
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState('');
  const send = async (e: Event) => {
    e.preventDefault();
    setError('');
    try {
      await api.call('POST', '/api/reports', { body: { kind, name, reason, ...(text.trim() ? { text } : {}) } });
      setSent(true);
      setText('');
    } catch (err) {
      setError(says(err));
    }
  };
  return (
    <details class="report">
      <summary>{t('account.safety.report.open', { name })}</summary>
      <form onSubmit={(e) => void send(e)}>
        <fieldset>
          <legend>{t('account.safety.report.what')}</legend>
          {(['player', 'name'] as const).map((k) => (
            <label class="check" key={k}>
              <input type="radio" name="report-kind" value={k} checked={kind === k} onChange={() => setKind(k)} /> {t(KIND_WORDS[k])}
            </label>
          ))}
        </fieldset>
        <label for="report-reason">{t('account.safety.report.reason')}</label>
        <select
          id="report-reason"
          value={reason}
          onChange={(e) => setReason((e.currentTarget as HTMLSelectElement).value as (typeof REASONS)[number])}
        >
          {REASONS.map((r) => (
            <option key={r} value={r}>
              {t(REASON_WORDS[r])}
            </option>
          ))}
        </select>
        <label for="report-text">{t('account.safety.report.text', { max: TEXT_MAX })}</label>
        <textarea
          id="report-text"
          maxLength={TEXT_MAX}
          rows={3}
          value={text}
          onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
        />
        {error && (
          <p class="notice error" role="alert">
            {error}
          </p>
        )}
        <button type="submit">{t('account.safety.report.send')}</button>
        <p class="muted" role="status">
          {sent ? t('account.safety.report.sent') : ''}
        </p>
      </form>
    </details>
  );
}

/** On the account page: the players you blocked, most recent first, each with an unblock button. */
export function BlockedPlayers() {
  const [players, setPlayers] = useState<Blocked[] | null>(null);
  const [error, setError] = useState('');
  const load = () =>
    api.call<{ players: Blocked[] }>('GET', '/api/me/blocks').then(
      (b) => setPlayers(b.players),
      (e) => setError(says(e)),
    );
  useEffect(() => void load(), []);
  const unblock = async (name: string) => {
    setError('');
    try {
      await api.call('DELETE', `/api/players/${encodeURIComponent(name)}/block`);
      await load();
    } catch (e) {
      setError(says(e));
    }
  };
  return (
    <section class="zone" aria-labelledby="blocked-h">
      <h2 id="blocked-h">{t('account.safety.list.title')}</h2>
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
      {players === null ? (
        <p class="loading">{t('site.loading')}</p>
      ) : players.length === 0 ? (
        <p class="muted">{t('account.safety.list.none')}</p>
      ) : (
        <ul class="blocked-players">
          {players.map((p) => (
            <li key={`${p.name}-${p.at}`}>
              <span translate={false}>{p.name ?? t('account.safety.list.hidden')}</span> · {fmt.date(p.at)}{' '}
              {p.name && (
                <button type="button" onClick={() => void unblock(p.name!)}>
                  {t('account.safety.unblock', { name: p.name })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
