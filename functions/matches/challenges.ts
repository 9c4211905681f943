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
import type { ChallengeEntry, ChallengeStore } from './challenge-port.js';
import { MatchError } from './errors.js';
import { intent } from './intents.js';
import type { MatchRecord } from './port.js';
import { type Joined, seatTaken } from './seating.js';
import { DAY, withDue } from './timing.js';
import { derivedSecret, newSecret, sameHash, sha256 } from './tokens.js';

/** A player may have at most this many challenges waiting for an answer… */
export const MAX_PENDING_CHALLENGES = 20;
/** …and make at most this many a UTC day. */
export const CHALLENGES_PER_DAY = 50;
/** An unanswered challenge leaves both players' lists after this many days. */
export const CHALLENGE_WAIT_DAYS = 7;

/** The signed-in player acting: their id and the name they play under. */
export interface ChallengePlayer {
  id: string;
  name: string;
}

/** What the player side answers for a challenge (functions/players: names, safety). */
export interface ChallengeChecks {
  /** The player holding this name (any case) and the name as they spell it, or null; a hidden player counts as unknown. */
  playerByName(name: string): Promise<{ id: string; name: string } | null>;
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

/** Challenges by name, for the match service: the match through the runner, the lists in the challenge store. */
export class Challenges {
  constructor(
    private readonly deps: ChangeDeps,
    private readonly checks: ChallengeChecks,
    private readonly store: ChallengeStore,
  ) {}

  /**
   * Creates the challenge's match and lists it for both players. Refused: a suspended challenger (`suspended`), an
   * unknown or hidden name (`no-such-opponent`), oneself (`challenge-self`), a block either way
   * (`challenge-blocked`), MAX_PENDING_CHALLENGES waiting (`too-many-challenges`), CHALLENGES_PER_DAY made today
   * (`challenge-limit`, with when to try again).
   */
  async challenge(from: ChallengePlayer, input: ChallengeRequest, key?: string) {
    await this.checks.mustNotBeSuspended(from.id);
    const to = await this.checks.playerByName(input.opponent);
    if (to === null) throw new MatchError('no-such-opponent', 'error.no-such-opponent');
    if (to.id === from.id) throw new MatchError('challenge-self', 'error.challenge-self');
    if (await this.checks.isBlocked(from.id, to.id)) throw new MatchError('challenge-blocked', 'error.challenge-blocked');
    if (input.seats < 2) throw new MatchError('invalid-seats', 'error.challenge-seats');
    // Seat 1 is the challenged player's: never a computer.
    if (input.bots?.some((b) => b.seat === 1)) throw new MatchError('invalid-bots', 'error.challenge-seats');
    const now = this.deps.clock();
    if ((await this.outgoing(from.id)).length >= MAX_PENDING_CHALLENGES) {
      throw new MatchError('too-many-challenges', { key: 'error.too-many-challenges', params: { max: MAX_PENDING_CHALLENGES } });
    }
    const counted = await this.store.countChallenge(from.id, now, CHALLENGES_PER_DAY);
    if (!counted.ok) {
      const hours = Math.max(1, Math.ceil((counted.retryAt - now) / 3_600_000));
      const retryAfter = Math.ceil((counted.retryAt - now) / 1000);
      throw new MatchError('challenge-limit', { key: 'error.challenge-limit', params: { max: CHALLENGES_PER_DAY, hours } }, { retryAfter });
    }
    const { opponent: _o, rated, ...rest } = input;
    const request: CreateRequest = { ...rest, name: from.name, ...(rated ? { rated: { player: from.id } } : {}) };
    const created = await createMatch(this.deps, request, key, undefined, { from: from.id, to: to.id });
    const entry: ChallengeEntry = {
      matchId: created.match.id,
      gameId: created.match.gameId,
      seats: created.match.seats.length,
      rated: created.match.rated === true,
      from: from.id,
      fromName: from.name,
      to: to.id,
      toName: to.name,
      createdAt: created.match.createdAt,
      until: created.match.createdAt + CHALLENGE_WAIT_DAYS * DAY,
    };
    await this.store.put(entry);
    return { ...created, entry };
  }

  /** The challenged player accepts: seated in one conditional write; the match starts once full. */
  async accept(matchId: string, player: ChallengePlayer, key?: string): Promise<Joined> {
    const joined = await runChange(this.deps, matchId, decideAccept(this.deps, player, key), {
      missing: () => {
        throw new MatchError('no-such-challenge', 'error.no-such-challenge');
      },
    });
    await this.unlist(joined.match);
    return joined;
  }

  async decline(matchId: string, player: ChallengePlayer): Promise<MatchRecord> {
    return this.unlist(await runChange(this.deps, matchId, decideClose(player, 'declined'), { missing: noChallenge }));
  }

  async withdraw(matchId: string, player: ChallengePlayer): Promise<MatchRecord> {
    return this.unlist(await runChange(this.deps, matchId, decideClose(player, 'withdrawn'), { missing: noChallenge }));
  }

  /** The challenges waiting for this player's answer, oldest first. */
  async incoming(playerId: string): Promise<ChallengeEntry[]> {
    const now = this.deps.clock();
    return (await this.store.incoming(playerId, MAX_LISTED)).filter((e) => e.until > now);
  }

  /** The challenges this player made that wait for an answer, oldest first. */
  async outgoing(playerId: string): Promise<ChallengeEntry[]> {
    const now = this.deps.clock();
    return (await this.store.outgoing(playerId, MAX_LISTED)).filter((e) => e.until > now);
  }

  /** Out of both lists once answered (after the match's commit: a retry of the answer removes it again). */
  private async unlist(match: MatchRecord): Promise<MatchRecord> {
    if (match.challenge) await this.store.remove({ matchId: match.id, from: match.challenge.from, to: match.challenge.to });
    return match;
  }
}

/** How many entries a list reads: the pending cap and room for those past `until` the TTL has not removed yet. */
const MAX_LISTED = 100;

const noChallenge = (): never => {
  throw new MatchError('no-such-challenge', 'error.no-such-challenge');
};
