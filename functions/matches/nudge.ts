/**
 * The quick nudge: once a day a player may remind whoever else is to move. It tells them through
 * their chosen channels (a `nudge` notice) and shows in the log as a platform line ("Ann nudged Bob."),
 * a log record that changes nothing in the game: like a chat message it raises `version` and leaves
 * `gameVersion`, so a move being made at that moment is not stale.
 */
import type { Seat } from '#shared/engine/game.js';
import type { ChangeDeps, Decide } from './change.js';
import { NUDGE_EVERY_MS, talkingSeat } from './chat.js';
import { MatchError } from './errors.js';
import type { LogRecord, MatchRecord } from './port.js';
import { linesOf } from './present.js';

/** A nudge made: the version it made, whom it reminded, when. */
export interface Nudged {
  version: number;
  nudged: Seat[];
  at: number;
}

/** Who a nudge from `seat` would remind: the people (not computers) to move other than itself. */
export function nudgeable(match: MatchRecord, seat: Seat): Seat[] {
  return match.toAct.filter((i) => i !== seat && match.seats[i] !== undefined && match.seats[i]!.bot === undefined);
}

/** Nudges whoever else is to move, or says clearly why not (too soon, own turn, match over): a decision for the runner. */
export function decideNudge(deps: Pick<ChangeDeps, 'game'>, seat: Seat): Decide<Nudged> {
  return (match, now) => {
    const s = talkingSeat(match, seat);
    if (match.status !== 'active') {
      throw match.status === 'over'
        ? new MatchError('match-over', 'error.match-over.nudge', { version: match.version })
        : new MatchError('match-not-started', 'error.match-not-started.nudge', { version: match.version });
    }
    const last = s.chat?.nudgedAt;
    if (last !== undefined && last + NUDGE_EVERY_MS > now) {
      const retryAfter = Math.ceil((last + NUDGE_EVERY_MS - now) / 1000);
      const hours = Math.ceil(retryAfter / 3600);
      throw new MatchError('nudge-too-soon', { key: 'error.nudge-too-soon', params: { hours } }, { retryAfter, version: match.version });
    }
    const nudged = nudgeable(match, seat);
    if (nudged.length === 0) {
      throw new MatchError(
        'nudge-not-needed',
        match.toAct.includes(seat) ? 'error.nudge-not-needed.yours' : 'error.nudge-not-needed.computer',
        { version: match.version },
      );
    }
    const next: MatchRecord = {
      ...match,
      seats: match.seats.map((x, i) => (i === seat ? { ...x, chat: { ...x.chat, nudgedAt: now } } : x)),
      version: match.version + 1,
      updatedAt: now,
    };
    // A log record beside the game: the runner leaves gameVersion as it is.
    const log: LogRecord = { version: next.version, seat, kind: 'nudge', nudged, at: now, events: [] };
    const game = deps.game(match.gameId);
    const intents = nudged.map((to) => ({
      matchId: match.id,
      version: next.version,
      seat: to,
      kind: 'nudge' as const,
      gameId: match.gameId,
      lines: linesOf(game, log, to),
      createdAt: now,
    }));
    return { commit: { match: next, log, intents }, result: { version: next.version, nudged, at: now } };
  };
}
