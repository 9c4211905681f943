/**
 * Challenges by name (functions/matches/challenges.ts, issue 28) on the in-memory match store: the match is made
 * with the challenger seated and seat 1 kept for the challenged player; accepting is the one conditional write that
 * seats them (the match starts once full), declining tells the challenger, the challenger may withdraw, and each
 * refusal has its code.
 */
import { describe, expect, it } from 'vitest';
import { GAMES_BY_ID } from '#shared/games/index.js';
import type { ChangeDeps } from '../../functions/matches/change.js';
import {
  CHALLENGE_WAIT_DAYS,
  CHALLENGES_PER_DAY,
  type ChallengeChecks,
  Challenges,
  decideClose,
  MAX_PENDING_CHALLENGES,
} from '../../functions/matches/challenges.js';
import { MatchError } from '../../functions/matches/errors.js';
import { RecentMatches } from '../../functions/matches/recent.js';
import { PlayerError } from '../../functions/players/errors.js';
import { MemoryChallengeStore } from '../../functions/storage/memory/challenges.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { MemoryTable } from '../../functions/storage/memory/table.js';

const T0 = Date.UTC(2026, 10, 28, 12);
const ann = { id: 'p-ann', name: 'Ann' };
const bob = { id: 'p-bob', name: 'Bob' };
const cy = { id: 'p-cy', name: 'Cy' };

function setup(opts: { blocked?: [string, string][]; suspended?: string[]; hidden?: string[] } = {}) {
  const table = new MemoryTable();
  const store = new MemoryMatchStore(table);
  const clock = { now: T0 };
  const deps: ChangeDeps = {
    store,
    clock: () => clock.now,
    game: (id) => {
      const g = GAMES_BY_ID[id as keyof typeof GAMES_BY_ID];
      if (!g) throw new MatchError('unknown-game', 'error.unknown-game');
      return g;
    },
    recent: new RecentMatches(),
  };
  const names = new Map([ann, bob, cy].map((p) => [p.name.toLowerCase(), p]));
  const checks: ChallengeChecks = {
    playerByName: async (name) => {
      const p = names.get(name.toLowerCase()) ?? null;
      return p !== null && opts.hidden?.includes(p.id) ? null : p;
    },
    isBlocked: async (a, b) => (opts.blocked ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a)),
    mustNotBeSuspended: async (id) => {
      if (opts.suspended?.includes(id)) throw new PlayerError('suspended', 'error.suspended');
    },
  };
  const lists = new MemoryChallengeStore(table);
  return { store, clock, lists, challenges: new Challenges(deps, checks, lists) };
}

const auction = { game: 'dutch-auction', options: {}, seats: 2, opponent: 'bob' };

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof MatchError || err instanceof PlayerError) return err.code;
    throw err;
  }
  throw new Error('not refused');
}

describe('challenges by name', () => {
  it('creates the match with the challenger seated and seat 1 kept for the challenged player, with no invite', async () => {
    const { challenges } = setup();
    const made = await challenges.challenge(ann, auction);
    expect(made.entry).toMatchObject({ from: ann.id, fromName: 'Ann', to: bob.id, toName: 'Bob', gameId: 'dutch-auction' });
    expect(made.invites).toEqual([]);
    expect(made.match.status).toBe('open');
    expect(made.match.seats[0]?.name).toBe('Ann');
    expect(made.match.seats[1]).toMatchObject({ name: null, tokenHash: null, inviteHash: null, challenged: bob.id });
    expect(made.match.challenge).toEqual({ from: ann.id, to: bob.id });
  });

  it('accepting seats the challenged player and starts the full match; a second accept is refused', async () => {
    const { challenges, store } = setup();
    const made = await challenges.challenge(ann, auction);
    expect((await challenges.incoming(bob.id)).map((e) => e.matchId)).toEqual([made.match.id]);
    expect((await challenges.outgoing(ann.id)).map((e) => e.matchId)).toEqual([made.match.id]);
    const joined = await challenges.accept(made.match.id, bob);
    expect(await challenges.incoming(bob.id)).toEqual([]);
    expect(await challenges.outgoing(ann.id)).toEqual([]);
    expect(joined.seat).toBe(1);
    expect(joined.match.status).toBe('active');
    const stored = await store.get(made.match.id);
    expect(stored?.seats[1]?.name).toBe('Bob');
    expect(stored?.seats[1]?.challenged).toBeUndefined();
    expect(await code(challenges.accept(made.match.id, bob))).toBe('challenge-closed');
  });

  it('a seat count above two leaves the other seats to invites; the match waits for them', async () => {
    const { challenges } = setup();
    const made = await challenges.challenge(ann, { ...auction, game: 'dutch-memory', seats: 3 });
    expect(made.invites.map((i) => i.seat)).toEqual([2]);
    const joined = await challenges.accept(made.match.id, bob);
    expect(joined.match.status).toBe('open');
  });

  it('an accept with the same Idempotency-Key again answers with the same seat and token', async () => {
    const { challenges } = setup();
    const made = await challenges.challenge(ann, auction);
    const first = await challenges.accept(made.match.id, bob, 'key-1234567890abcdef');
    const again = await challenges.accept(made.match.id, bob, 'key-1234567890abcdef');
    expect(again.token).toBe(first.token);
    expect(again.match.version).toBe(first.match.version);
  });

  it('only the challenged player may accept or decline, only the challenger withdraw', async () => {
    const { challenges } = setup();
    const made = await challenges.challenge(ann, auction);
    expect(await code(challenges.accept(made.match.id, cy))).toBe('no-such-challenge');
    expect(await code(challenges.accept(made.match.id, ann))).toBe('no-such-challenge');
    expect(await code(challenges.decline(made.match.id, ann))).toBe('no-such-challenge');
    expect(await code(challenges.withdraw(made.match.id, bob))).toBe('no-such-challenge');
    expect(await code(challenges.accept('no-such-match', bob))).toBe('no-such-challenge');
  });

  it('declining closes the challenge and tells the challenger’s seat; accepting after it is refused', async () => {
    const { challenges } = setup();
    const made = await challenges.challenge(ann, auction);
    const decision = await decideClose(bob, 'declined')(made.match, T0, undefined);
    expect('commit' in decision && decision.commit.intents?.map((i) => [i.kind, i.seat])).toEqual([['challenge-declined', 0]]);
    const declined = await challenges.decline(made.match.id, bob);
    expect(declined.challenge?.closed).toBe('declined');
    expect(declined.seats[1]?.challenged).toBeUndefined();
    expect(await challenges.incoming(bob.id)).toEqual([]);
    expect(await code(challenges.accept(made.match.id, bob))).toBe('challenge-closed');
    // Declining again changes nothing.
    expect((await challenges.decline(made.match.id, bob)).version).toBe(declined.version);
  });

  it('the challenger withdraws a pending challenge; the challenged player can no longer accept', async () => {
    const { challenges } = setup();
    const made = await challenges.challenge(ann, auction);
    expect((await challenges.withdraw(made.match.id, ann)).challenge?.closed).toBe('withdrawn');
    expect(await challenges.outgoing(ann.id)).toEqual([]);
    expect(await code(challenges.accept(made.match.id, bob))).toBe('challenge-closed');
    expect(await code(challenges.decline(made.match.id, bob))).toBe('challenge-closed');
  });

  it('refuses oneself, an unknown or hidden name, a block either way, a suspended challenger, a computer in the kept seat', async () => {
    expect(await code(setup().challenges.challenge(ann, { ...auction, opponent: 'ANN' }))).toBe('challenge-self');
    expect(await code(setup().challenges.challenge(ann, { ...auction, opponent: 'nobody' }))).toBe('no-such-opponent');
    expect(await code(setup({ hidden: [bob.id] }).challenges.challenge(ann, auction))).toBe('no-such-opponent');
    expect(await code(setup({ blocked: [[bob.id, ann.id]] }).challenges.challenge(ann, auction))).toBe('challenge-blocked');
    expect(await code(setup({ blocked: [[ann.id, bob.id]] }).challenges.challenge(ann, auction))).toBe('challenge-blocked');
    expect(await code(setup({ suspended: [ann.id] }).challenges.challenge(ann, auction))).toBe('suspended');
    const withBot = { ...auction, game: 'dutch-memory', seats: 3, bots: [{ seat: 1, level: 'easy' as const }] };
    expect(await code(setup().challenges.challenge(ann, withBot))).toBe('invalid-bots');
  });

  it('a rated challenge keeps each seat’s player for the ratings', async () => {
    const { challenges } = setup();
    const made = await challenges.challenge(ann, { ...auction, rated: true });
    expect(made.match.rated).toBe(true);
    const joined = await challenges.accept(made.match.id, bob);
    expect(joined.match.seats.map((s) => s.player)).toEqual([ann.id, bob.id]);
  });

  it(`at most ${MAX_PENDING_CHALLENGES} pending: one more is refused until one is answered`, async () => {
    const { challenges } = setup();
    const made = [];
    for (let i = 0; i < MAX_PENDING_CHALLENGES; i++) made.push(await challenges.challenge(ann, auction));
    expect(await code(challenges.challenge(ann, auction))).toBe('too-many-challenges');
    await challenges.withdraw(made[0]!.match.id, ann);
    await challenges.challenge(ann, auction);
  });

  it(`at most ${CHALLENGES_PER_DAY} a day, answered or not; the next UTC day counts afresh; unanswered ones leave the lists`, async () => {
    const { challenges, clock } = setup();
    for (let i = 0; i < CHALLENGES_PER_DAY; i++) {
      const made = await challenges.challenge(ann, auction);
      await challenges.withdraw(made.match.id, ann);
    }
    const refused = await challenges.challenge(ann, auction).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MatchError);
    expect((refused as MatchError).code).toBe('challenge-limit');
    expect((refused as MatchError).retryAfter).toBe(12 * 3600);
    clock.now = Date.UTC(2026, 10, 29, 0, 1);
    const next = await challenges.challenge(ann, auction);
    expect((await challenges.incoming(bob.id)).map((e) => e.matchId)).toEqual([next.match.id]);
    clock.now += CHALLENGE_WAIT_DAYS * 24 * 3600 * 1000;
    expect(await challenges.incoming(bob.id)).toEqual([]);
  });
});
