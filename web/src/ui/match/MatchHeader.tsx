/**
 * The head of the match page: the game's name and rules, the edition or rule set and the turn line that
 * says what happens now; and the seats (`Seats`, the table's side column): the players with who is to move
 * (and for how long, and until when), who is a computer, who is online.
 */
import { botBadge } from '../../bots.js';
import type { GameUi } from '../../games/types.js';
import { duration, seatName, turnText, variantWords } from '../../text.js';
import { fmt, gameName, t } from '../../i18n.js';
import { dueText } from '../../timing.js';
import type { Credentials, Match } from '../../types.js';
import { onLinkClick } from '../router.js';
import { RulesButton } from './parts.js';
import { type SeatPresence, useSeatPresence } from './usePresence.js';

export function MatchHeader({
  match,
  ui,
  creds,
  myTurn,
  announce,
}: {
  match: Match;
  ui: GameUi;
  creds: Credentials;
  myTurn: boolean;
  /** Said by the polite live region (the turn coming to this player, the match ending). */
  announce: string;
}) {
  const words = ui.turnText?.(match) ?? turnText(match);
  const variant = variantWords(match.game.id, match.options);
  return (
    <header class="match-head">
      <div class="title-row">
        <h1>{gameName(match.game.id, match.game.name)}</h1>
        <RulesButton ui={ui} gameName={gameName(match.game.id, match.game.name)} options={match.options} />
      </div>
      {variant && (
        <p class="variant" data-variant={variant.value}>
          {t('match.variant.line', { label: variant.label, value: variant.value })}
        </p>
      )}
      {match.rated && (
        <p class="rated-line" data-rated={match.rated}>
          {match.rated === 'rated' ? <span class="badge">{t('match.rated.badge')}</span> : t('match.rated.void')}
        </p>
      )}
      <p class={myTurn ? 'turn mine' : 'turn'} id="turn-line" tabIndex={-1} elementtiming="match-ready">
        {creds.kind === 'watch' && <span class="badge">{t('match.watching')}</span>} {words}
      </p>
      <p class="visually-hidden" aria-live="polite">
        {announce}
      </p>
    </header>
  );
}

/** The seats, at the top of the table's side column. */
export function Seats({ match, creds, now }: { match: Match; creds: Credentials; now: number }) {
  return (
    <Players
      match={match}
      you={creds.kind === 'seat' ? creds.seat : null}
      now={now}
      presence={useSeatPresence(match.matchId, creds, match.version)}
    />
  );
}

/** The seats in order: who sits there (a computer player?), who is to move and since when, who is away. */
function Players({ match, you, now, presence }: { match: Match; you: number | null; now: number; presence: SeatPresence[] }) {
  return (
    <ul class="players" aria-label={t('match.players')}>
      {match.seats.map((s) => (
        <li key={s.seat} class={match.toAct.includes(s.seat) ? 'to-act' : ''}>
          <span class="who">
            {s.joined || s.bot ? <span translate={false}>{seatName(match.seats, s.seat)}</span> : t('match.openSeat')}
            {s.seat === you ? ` ${t('match.you')}` : ''}
          </span>
          <PresenceBadge seat={presence.find((p) => p.seat === s.seat)} now={now} />
          {s.bot && (
            <span class={s.bot.standIn ? 'badge bot stand-in' : 'badge bot'} data-bot={s.bot.level}>
              {botBadge(s.bot, s.seat === you)}
            </span>
          )}
          {match.status === 'active' && match.toAct.includes(s.seat) && (
            <span class="badge">
              {t('match.toMove')}
              {s.waitingSince && now - s.waitingSince >= 60_000
                ? ` · ${t('match.waitingFor', { duration: duration(now - s.waitingSince) })}`
                : ''}
              {typeof s.vacationUntil === 'number'
                ? ` · ${t('match.vacationUntil', { day: fmt.weekday(s.vacationUntil) })}`
                : typeof s.deadlineAt === 'number'
                  ? ` · ${dueText(s.deadlineAt, now)}`
                  : ''}
            </span>
          )}
          {match.status === 'active' && typeof s.pausedUntil === 'number' && s.pausedUntil > now && (
            <span class="badge">{t('match.awayUntil', { when: fmt.when(s.pausedUntil) })}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A signed-in player's seat: a link to their page, and "online now" / "last seen …" unless they hide it. */
function PresenceBadge({ seat, now }: { seat: SeatPresence | undefined; now: number }) {
  if (!seat?.player) return null;
  const p = seat.presence;
  const words =
    p?.state === 'online'
      ? t('match.presence.online')
      : p?.state === 'seen'
        ? t('match.presence.seen', { when: fmt.relative(p.at, now) })
        : '';
  return (
    <span class={`presence presence-${p?.state ?? 'unknown'}`}>
      {' '}
      <a href={`/players/${encodeURIComponent(seat.player)}`} translate={false} onClick={(e) => onLinkClick(e)}>
        {seat.player}
      </a>
      {words ? ` · ${words}` : ''}
    </span>
  );
}
