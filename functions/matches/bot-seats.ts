/**
 * Seats a computer plays: made so at creation ("play against the computer", a bot in a seat
 * of a match among friends), or standing in for the player who holds the seat (after a missed deadline,
 * or at their request). Pure helpers of the match service; the bots themselves run in functions/bots/.
 */
import { BOT_LEVELS, type BotLevel } from '#shared/engine/bot.js';
import type { Seat } from '#shared/engine/game.js';
import { MatchError } from './errors.js';
import type { Commit, SeatRecord } from './port.js';

export { BOT_LEVELS, type BotLevel };

/** The `bots` of a create request: which seats a computer plays, at which level. */
export interface BotSeatRequest {
  seat: number;
  level: BotLevel;
}

/**
 * A computer seat's stored name, in English: "Computer (strong)", or "Computer 2 (strong)" where the
 * match has several (`n`, from 1 in seat order). Pages, mails and replays say it in their own language
 * from the seat's `bot` (shared/i18n/render.ts `computerName`, the same numbering); the stored name is
 * for anything that reads the record's names as they are.
 */
export const botName = (level: BotLevel, n = 0): string => `Computer${n > 0 ? ` ${n}` : ''} (${level})`;

/** A seat made for a computer: no token and no invite, so nobody can take it or open it. */
export const computerSeat = (level: BotLevel, n = 0): SeatRecord => ({
  name: botName(level, n),
  tokenHash: null,
  inviteHash: null,
  bot: { level },
});

/** A seat a computer was made for (not one standing in for a player). */
export const isComputerSeat = (s: SeatRecord | undefined): boolean => s?.bot !== undefined && s.bot.standIn === undefined;

/** A seat held by a player whose seat a computer is playing for now. */
export const isStoodIn = (s: SeatRecord | undefined): boolean => s?.bot?.standIn !== undefined;

/** The match can start: every seat has a player (a token) or a computer. */
export const everySeatFilled = (seats: readonly SeatRecord[]): boolean => seats.every((s) => s.tokenHash !== null || s.bot !== undefined);

/** The seat without its stand-in (the player took it back). */
export function withoutBot(s: SeatRecord): SeatRecord {
  const { bot: _gone, ...rest } = s;
  return rest;
}

/**
 * The computer seats of a new match by seat, from the create request: seats 1..n-1 (seat 0 is the
 * creator's), each at most once, a known level. Anything else is refused and nothing is made.
 */
export function botSeatsOf(seats: number, bots: readonly BotSeatRequest[] | undefined): Map<Seat, BotLevel> {
  const out = new Map<Seat, BotLevel>();
  for (const b of bots ?? []) {
    if (!Number.isInteger(b.seat) || b.seat < 1 || b.seat >= seats) {
      throw new MatchError('invalid-bots', { key: 'error.invalid-bots.where', params: { last: seats - 1 } });
    }
    if (out.has(b.seat)) throw new MatchError('invalid-bots', { key: 'error.invalid-bots.twice', params: { seat: b.seat } });
    if (!(BOT_LEVELS as readonly string[]).includes(b.level)) {
      throw new MatchError('invalid-bots', { key: 'error.invalid-bots.level', params: { level: String(b.level).slice(0, 40) } });
    }
    out.set(b.seat, b.level);
  }
  return out;
}

/**
 * Whether a commit may give a computer something to do, so its match item wakes the bots (the stream
 * filter on `botSeats`, functions/storage/dynamo.ts): a change to the game (a log record at the new
 * `gameVersion`: start, a move, a deadline's move, an undo) or to who plays a seat (a stand-in, a take-back).
 * Changes beside the game never do: a chat message, a nudge, new links, a pause, the rematch's id. The
 * sweep's wake of a computer that has not moved for COMPUTER_IDLE_MS (./timing.ts) does, by its `wake`.
 */
export function wakesBots(c: Pick<Commit, 'match' | 'log' | 'wake'>): boolean {
  const { log, match } = c;
  if (c.wake) return true;
  if (!log || log.kind === 'nudge') return false;
  return log.kind === 'stand-in' || log.kind === 'take-back' || log.version === (match.gameVersion ?? log.version);
}
