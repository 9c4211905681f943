/**
 * "My matches" as a player sees them (pure): the seats waiting for their move first (longest waiting
 * first), then matches waiting for someone else, then those still filling their seats, then finished
 * ones with their result. Opponents appear by name only; nothing of another player's record is read.
 */
import type { Params, Seat } from '#shared/engine/game.js';
import { seatNamesIn, sayIn } from '../i18n.js';
import { type BotLevel, isComputerSeat } from '../matches/bot-seats.js';
import type { MatchRecord } from '../matches/port.js';
import { deadlineOf } from '../matches/timing.js';

export const LISTING_STATES = ['your-move', 'their-move', 'open', 'over'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

export interface MyMatch {
  matchId: string;
  seat: Seat;
  game: { id: string; name: string };
  state: ListingState;
  /** When the match began waiting for this seat's move (your-move only). */
  waitingSince: number | null;
  /** When this seat's move is due (your-move, with a move deadline; out of its quiet hours and weekends). */
  deadlineAt: number | null;
  you: string | null;
  /**
   * `bot`: a seat made for a computer, which the page names in its own language ("Computer 2 (strong)").
   * `toMove`: the match waits for this opponent's move, since then, and until when (with a move deadline).
   */
  opponents: { seat: Seat; name: string | null; bot?: { level: BotLevel }; toMove?: { since: number; deadlineAt: number | null } }[];
  result: { outcome: 'won' | 'lost' | 'shared' | 'nobody'; summary: string; key?: string; params?: Params } | null;
  updatedAt: number;
  /** What the page needs to open the seat without its link. */
  open: { seat: Seat; token: string };
}

const stateOf = (m: MatchRecord, seat: Seat): ListingState =>
  m.status === 'over' ? 'over' : m.status === 'open' ? 'open' : m.toAct.includes(seat) ? 'your-move' : 'their-move';

function resultOf(m: MatchRecord, seat: Seat): MyMatch['result'] {
  if (!m.end) return null;
  const w = m.end.winners;
  const outcome = w.length === 0 ? 'nobody' : !w.includes(seat) ? 'lost' : w.length > 1 ? 'shared' : 'won';
  const { key, params } = m.end;
  // The words for the page to say in its language; `summary` in English for other clients (and older results).
  return {
    outcome,
    summary: sayIn('en', m.end, seatNamesIn('en', m.seats)),
    ...(key ? { key, ...(params ? { params } : {}) } : {}),
  };
}

export function myMatch(m: MatchRecord, seat: Seat, token: string, gameName: string): MyMatch {
  const state = stateOf(m, seat);
  return {
    matchId: m.id,
    seat,
    game: { id: m.gameId, name: gameName },
    state,
    waitingSince: state === 'your-move' ? (m.seats[seat]?.waitingSince ?? m.updatedAt) : null,
    deadlineAt: state === 'your-move' ? deadlineOf(m, seat) : null,
    you: m.seats[seat]?.name ?? null,
    opponents: m.seats.flatMap((s, i) =>
      i === seat
        ? []
        : [
            {
              seat: i,
              name: s.name,
              ...(isComputerSeat(s) ? { bot: { level: s.bot!.level } } : {}),
              ...(m.status === 'active' && m.toAct.includes(i)
                ? { toMove: { since: s.waitingSince ?? m.updatedAt, deadlineAt: deadlineOf(m, i) } }
                : {}),
            },
          ],
    ),
    result: resultOf(m, seat),
    updatedAt: m.updatedAt,
    open: { seat, token },
  };
}

/** The listing's order (see the top of this file). */
export function ordered(list: MyMatch[]): MyMatch[] {
  const rank = (x: MyMatch) => LISTING_STATES.indexOf(x.state);
  return [...list].sort((a, b) => {
    if (rank(a) !== rank(b)) return rank(a) - rank(b);
    if (a.state === 'your-move') return (a.waitingSince ?? 0) - (b.waitingSince ?? 0) || a.matchId.localeCompare(b.matchId);
    return b.updatedAt - a.updatedAt || a.matchId.localeCompare(b.matchId);
  });
}
