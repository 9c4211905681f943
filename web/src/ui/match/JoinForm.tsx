/**
 * The invite page: what the match is (game, variant, who has joined), a name to join with, and a
 * plain word at once when the invite can no longer be used.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, api, idempotencyKey } from '../../api.js';
import { parseFragment } from '../../fragment.js';
import { loadGameUi } from '../../games/index.js';
import * as store from '../../storage.js';
import { listNames, seatName, variantWords } from '../../text.js';
import { fmt, gameName, t, useLang } from '../../i18n.js';
import { showAttention } from '../attention.js';
import type { InviteInfo } from '../../types.js';
import { SiteBar } from '../SiteBar.js';

export function JoinForm({
  matchId,
  secret,
  onJoined,
  onDismiss,
}: {
  matchId: string;
  secret: string;
  onJoined: (seat: number, token: string) => void;
  onDismiss: () => void;
}) {
  const [name, setName] = useState(store.lastName());
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  /** The invite can no longer be used (already used, replaced, or the match is gone): said at once. */
  const [dead, setDead] = useState(false);
  const info = useInviteInfo(matchId, secret, setError, () => setDead(true));
  const held = store.findSeat(matchId);
  const lang = useLang();
  useEffect(() => showAttention(false, t('site.name')), [lang]);

  async function join(e: Event) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const joined = await api.join(matchId, secret, name.trim(), idempotencyKey());
      const link = parseFragment(new URL(joined.url, location.origin).hash);
      const gameId = link?.kind === 'seat' ? link.game : undefined;
      if (gameId) loadGameUi(gameId).catch(() => {}); // the board downloads while the match is read
      store.saveSeat({ matchId, seat: joined.seat, token: joined.token, ...(gameId ? { gameId } : {}) });
      store.setCurrentSeat(matchId, joined.seat);
      store.clearPendingInvite(matchId);
      store.saveName(name.trim());
      onJoined(joined.seat, joined.token);
    } catch (err) {
      if (err instanceof ApiFailure) {
        setError(err.issues?.length ? err.issues.map((i) => i.message).join(' ') : err.message);
        if (err.code === 'invite-used') setDead(true);
      } else setError(t('create.unreachable'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main class="page join">
      <SiteBar />
      <h1>
        {info
          ? t('match.join.title', { name: info.invitedBy ?? t('match.join.aPlayer'), game: gameName(info.game.id, info.game.name) })
          : t('match.join.titleUnknown')}
      </h1>
      {info && <InviteFacts info={info} />}
      {dead ? (
        <div class="zone">
          <p class="notice error" role="alert">
            {error}
          </p>
          <p>{t('match.join.askNew')}</p>
        </div>
      ) : (
        <form class="zone" onSubmit={join}>
          <label class="field">
            <span>{t('create.name')}</span>
            <input
              name="name"
              required
              maxLength={24}
              autoComplete="nickname"
              value={name}
              onInput={(e) => setName((e.target as HTMLInputElement).value)}
            />
          </label>
          <button type="submit" class="primary" disabled={busy || name.trim() === ''}>
            {t('match.join.submit')}
          </button>
          {error && (
            <p class="notice error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
      {held && (
        <p class="note">
          {t('match.join.held', { seat: seatName([], held.seat) })}{' '}
          <button type="button" onClick={onDismiss}>
            {t('match.join.openHeld')}
          </button>
        </p>
      )}
    </main>
  );
}

/** What the invite offers, read once; a used invite or a match that is gone is reported as dead. */
function useInviteInfo(matchId: string, secret: string, onError: (message: string) => void, onDead: () => void): InviteInfo | null {
  const [info, setInfo] = useState<InviteInfo | null>(null);
  useEffect(() => {
    let live = true;
    api
      .inviteInfo(matchId, secret)
      .then((i) => live && setInfo(i))
      .catch((err) => {
        if (!live || !(err instanceof ApiFailure)) return; // offline: the form still works once it is back
        onError(err.status === 404 ? t('match.gone') : err.message);
        if (err.status === 403 || err.status === 404) onDead();
      });
    return () => {
      live = false;
    };
  }, [matchId, secret]);
  return info;
}

function InviteFacts({ info }: { info: InviteInfo }) {
  const variant = variantWords(info.game.id, info.options);
  const others = info.seats.filter((s) => s.joined && s.name && !s.bot).map((s) => s.name!);
  const computers = info.seats.filter((s) => s.bot).length;
  const open = info.seats.filter((s) => !s.joined && !s.bot).length;
  return (
    <section class="zone invite-facts" aria-label={t('match.join.facts')}>
      <ul class="option-list">
        <li data-fact="game">{t('match.join.game', { game: gameName(info.game.id, info.game.name) })}</li>
        {variant && <li data-fact="variant">{t('match.variant.line', { label: variant.label, value: variant.value })}</li>}
        <li data-fact="seats">
          {t('match.join.seats', { players: info.seats.length, joined: others.length, names: listNames(others), computers, open })}
        </li>
        <li data-fact="created">{t('match.join.made', { when: fmt.when(info.createdAt) })}</li>
      </ul>
    </section>
  );
}
