/**
 * A rematch: a new match with the same game, options and players, the first player moved one seat on.
 * The first caller creates it (a change to the old match that writes the new one in the same commit);
 * each player then claims their own seat with their old token (a change to the new match). Both are
 * decisions for the runner (./change.ts).
 *
 * Safe to repeat, with or without an Idempotency-Key: the new seat's token is derived from the old token
 * and the rematch's id, so every call from a seat (a retry, a second tab, calls in parallel) finds that
 * seat already held by the same token and returns it, with no write and no new version.
 */
import type { Seat } from '#shared/engine/game.js';
import { computerNumbers } from '#shared/i18n/render.js';
import { computerSeat, everySeatFilled, isComputerSeat } from './bot-seats.js';
import { type ChangeDeps, type Decide, runChange } from './change.js';
import { MatchError } from './errors.js';
import { intent } from './intents.js';
import type { MatchRecord } from './port.js';
import { openMatch, start } from './progress.js';
import { derivedSecret, newMatchId, newSecret, sameHash, sha256 } from './tokens.js';

export interface Rematched {
  matchId: string;
  seat: Seat;
  token: string;
  gameId: string;
}

/** New seat i is kept for old seat (i + 1) mod n. */
const seatIn = (seat: Seat, n: number): Seat => (seat - 1 + n) % n;

export async function rematch(deps: ChangeDeps, matchId: string, seat: Seat, oldToken: string): Promise<Rematched> {
  const made = await runChange(deps, matchId, decideRematch(deps, seat, oldToken));
  return 'rematchId' in made ? runChange(deps, made.rematchId, decideClaim(deps, seat, oldToken)) : made;
}

/** Creates the rematch from a match that is over, or names the one already made. */
export function decideRematch(deps: Pick<ChangeDeps, 'game'>, seat: Seat, oldToken: string): Decide<Rematched | { rematchId: string }> {
  return (old, now) => {
    if (old.status !== 'over') throw new MatchError('match-not-over', 'error.match-not-over');
    if (old.rematchId !== null) return { done: { rematchId: old.rematchId } };
    const n = old.seats.length;
    const newSeat = seatIn(seat, n);
    const id = newMatchId();
    const token = derivedSecret(oldToken, `rematch:${id}`);
    const numbers = computerNumbers(old.seats.map((_, i) => isComputerSeat(old.seats[(i + 1) % n])));
    const created = openMatch({
      id,
      gameId: old.gameId,
      options: old.options,
      seats: old.seats.map((_, i) => {
        const from = (i + 1) % n;
        const was = old.seats[from]!;
        // A computer made for the match plays the rematch too (one standing in for a player does not),
        // numbered by its new seat.
        if (isComputerSeat(was)) return computerSeat(was.bot!.level, numbers[i]);
        return { name: was.name, tokenHash: i === newSeat ? sha256(token) : null, inviteHash: null, reservedFor: from };
      }),
      spectatorHash: sha256(newSecret()),
      now,
      rematchOf: old.id,
      timing: old.timing,
      ...(old.undoRequests ? { undoRequests: true } : {}),
    });
    const next = { ...old, rematchId: created.id, version: old.version + 1, updatedAt: now };
    const intents = old.seats.flatMap((s, i) =>
      i === seat || isComputerSeat(s) ? [] : [intent(next, i, 'joined', [`{${seat}} asked for a rematch.`], now)],
    );
    // Against computers only, the rematch starts at once.
    const create = everySeatFilled(created.seats) ? start(deps.game(created.gameId), created, now) : created;
    return { commit: { match: next, create, intents }, result: { matchId: created.id, seat: newSeat, token, gameId: old.gameId } };
  };
}

/** The seat kept for the caller in a rematch already made, held by the token derived from its old one. */
export function decideClaim(deps: Pick<ChangeDeps, 'game'>, seat: Seat, oldToken: string): Decide<Rematched> {
  return (match, now) => {
    const newSeat = seatIn(seat, match.seats.length);
    const token = derivedSecret(oldToken, `rematch:${match.id}`);
    const held = match.seats[newSeat]?.tokenHash ?? null;
    if (held !== null) {
      if (sameHash(held, sha256(token))) return { done: { matchId: match.id, seat: newSeat, token, gameId: match.gameId } };
      // Only a rematch made before tokens were derived can hold another token; it is not replaced.
      throw new MatchError('rematch-joined', 'error.rematch-joined');
    }
    const seats = match.seats.map((s, i) => (i === newSeat ? { ...s, tokenHash: sha256(token) } : s));
    let next: MatchRecord = { ...match, seats, version: match.version + 1, updatedAt: now };
    const starting = match.status === 'open' && everySeatFilled(seats);
    if (starting) next = start(deps.game(match.gameId), next, now);
    const result = { matchId: match.id, seat: newSeat, token, gameId: match.gameId };
    if (!starting) return { commit: { match: next, intents: [] }, result };
    const intents = seats.flatMap((s, i) =>
      i === newSeat || isComputerSeat(s) ? [] : [intent(next, i, 'started', [`{${newSeat}} joined the rematch.`], now)],
    );
    return { commit: { match: next, log: { version: next.version, seat: newSeat, kind: 'start', at: now, events: [] }, intents }, result };
  };
}
