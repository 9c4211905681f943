/**
 * Challenges by name (issue 28, "Finding a game"). A signed-in player challenges another by their player name: the
 * match is created at once with the challenger in seat 0 and seat 1 kept for the challenged player (`challenged`,
 * no invite: nobody else can take it); the other seats are invites or computers as the create form allows. Accepting
 * is taking that seat, a decision for the one runner (./change.ts): one conditional write, and the match starts
 * when every seat is filled. Declining (the challenged player) or withdrawing (the challenger) closes the challenge
 * on the match record in the same way: a second answer finds it closed.
 *
 * The refusals that need the player side (unknown or hidden name, blocks, suspension) are asked through
 * `ChallengeChecks`, so this file knows no player store.
 */
import type { ChangeDeps, Decide } from './change.js';
import { runChange } from './change.js';
import { type CreateRequest, createMatch } from './creating.js';
import { MatchError } from './errors.js';
import { intent } from './intents.js';
import type { MatchRecord } from './port.js';
import { type Joined, seatTaken } from './seating.js';
import { withDue } from './timing.js';
import { derivedSecret, newSecret, sameHash, sha256 } from './tokens.js';

/** The signed-in player acting: their id and the name they play under. */
export interface ChallengePlayer {
  id: string;
  name: string;
}

/** What the player side answers for a challenge (functions/players: names, safety). */
export interface ChallengeChecks {
  /** The player holding this name (any case), or null; a hidden player counts as unknown. */
  playerByName(name: string): Promise<string | null>;
  /** Either player blocked the other (functions/players/safety.ts `isBlocked`). */
  isBlocked(a: string, b: string): Promise<boolean>;
  /** Throws when the operator suspended this player (functions/players/safety.ts `mustNotBeSuspended`). */
  mustNotBeSuspended(playerId: string): Promise<void>;
}

/** A challenge as asked: whom (by name) and the match as the create form would make it. */
export interface ChallengeRequest extends Omit<CreateRequest, 'name' | 'rated'> {
  opponent: string;
  rated?: boolean;
}

const pending = (match: MatchRecord): boolean => match.challenge !== undefined && !match.challenge.closed && match.status === 'open';
const challengeSeat = (match: MatchRecord, playerId: string): number =>
  match.seats.findIndex((s) => s.challenged === playerId && s.tokenHash === null);

/**
 * The challenged player takes the seat kept for them (their name on it; in a rated match their id too). With an
 * Idempotency-Key the token is derived from it, so a retry finds the seat and gets the same answer.
 */
export function decideAccept(deps: Pick<ChangeDeps, 'game'>, player: ChallengePlayer, key?: string): Decide<Joined> {
  return (match, now) => {
    const token = key === undefined ? newSecret() : derivedSecret(key, `challenge:${match.id}:${player.id}`);
    if (key !== undefined) {
      const mine = match.seats.findIndex((s) => sameHash(s.tokenHash, sha256(token)));
      if (mine >= 0) return { done: { match, seat: mine, token } };
    }
    if (match.challenge?.to !== player.id) throw new MatchError('no-such-challenge', 'error.no-such-challenge');
    if (!pending(match)) throw new MatchError('challenge-closed', 'error.challenge-closed');
    const seat = challengeSeat(match, player.id);
    if (seat < 0) throw new MatchError('challenge-closed', 'error.challenge-closed');
    const seats = match.seats.map((s, i) => {
      if (i !== seat) return s;
      const { challenged: _c, ...rest } = s;
      return { ...rest, name: player.name, tokenHash: sha256(token), ...(match.rated ? { player: player.id } : {}) };
    });
    const { full: _full, ...commit } = seatTaken(deps, match, seats, seat, now);
    return { commit, result: { match: commit.match, seat, token } };
  };
}

/**
 * Declined by the challenged player or withdrawn by the challenger: the challenge closes, the kept seat with it,
 * and the challenger's seat is told of a decline (the `challenge-declined` notice). Once closed, nothing more.
 */
export function decideClose(player: ChallengePlayer, how: 'declined' | 'withdrawn'): Decide<MatchRecord> {
  return (match, now) => {
    const c = match.challenge;
    const mayClose = how === 'declined' ? c?.to === player.id : c?.from === player.id;
    if (!c || !mayClose) throw new MatchError('no-such-challenge', 'error.no-such-challenge');
    if (c.closed === how) return { done: match };
    if (!pending(match)) throw new MatchError('challenge-closed', 'error.challenge-closed');
    const seats = match.seats.map(({ challenged: _c, ...s }) => s);
    const next: MatchRecord = withDue({ ...match, seats, challenge: { ...c, closed: how }, version: match.version + 1, updatedAt: now });
    const intents = how === 'declined' ? [intent(next, 0, 'challenge-declined', [], now)] : [];
    return { commit: { match: next, intents }, result: next };
  };
}

/** Challenges by name, for the match service. */
export class Challenges {
  constructor(
    private readonly deps: ChangeDeps,
    private readonly checks: ChallengeChecks,
  ) {}

  /**
   * Creates the challenge's match. Refused: oneself (`challenge-self`), an unknown or hidden name
   * (`no-such-opponent`), a block either way (`challenge-blocked`), a suspended challenger (`suspended`).
   */
  async challenge(from: ChallengePlayer, input: ChallengeRequest, key?: string) {
    await this.checks.mustNotBeSuspended(from.id);
    const to = await this.checks.playerByName(input.opponent);
    if (to === null) throw new MatchError('no-such-opponent', 'error.no-such-opponent');
    if (to === from.id) throw new MatchError('challenge-self', 'error.challenge-self');
    if (await this.checks.isBlocked(from.id, to)) throw new MatchError('challenge-blocked', 'error.challenge-blocked');
    if (input.seats < 2) throw new MatchError('invalid-seats', 'error.challenge-seats');
    // Seat 1 is the challenged player's: never a computer.
    if (input.bots?.some((b) => b.seat === 1)) throw new MatchError('invalid-bots', 'error.challenge-seats');
    const { opponent: _o, rated, ...rest } = input;
    const request: CreateRequest = { ...rest, name: from.name, ...(rated ? { rated: { player: from.id } } : {}) };
    const created = await createMatch(this.deps, request, key, undefined, { from: from.id, to });
    return { ...created, opponent: to };
  }

  /** The challenged player accepts: seated in one conditional write; the match starts once full. */
  accept(matchId: string, player: ChallengePlayer, key?: string): Promise<Joined> {
    return runChange(this.deps, matchId, decideAccept(this.deps, player, key), {
      missing: () => {
        throw new MatchError('no-such-challenge', 'error.no-such-challenge');
      },
    });
  }

  decline(matchId: string, player: ChallengePlayer): Promise<MatchRecord> {
    return runChange(this.deps, matchId, decideClose(player, 'declined'));
  }

  withdraw(matchId: string, player: ChallengePlayer): Promise<MatchRecord> {
    return runChange(this.deps, matchId, decideClose(player, 'withdrawn'));
  }
}
