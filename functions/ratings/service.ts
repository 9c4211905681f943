/**
 * Rating a finished rated match, exactly once however often its end is delivered or however many deliveries
 * race: read the match and its players' ratings, decide the new ones (./maths.ts), and record the match's claim
 * with every rating conditioned on the version read, in one transaction (./port.ts `record`). A claim already
 * there means another delivery rated it: its changes are the answer. A rating moved by another match in the
 * meantime: read again and decide again. Called by the dispatcher before it words a finished match's notices
 * (functions/notify/dispatcher.ts), so the end mail can show the changes.
 */
import { GAMES_BY_ID } from '#shared/games/index.js';
import type { MatchRecord } from '../matches/port.js';
import { glickoPeriod, glickoScore, ranksOf, skillUpdate } from './maths.js';
import { type BoardEntry, freshRating, isProvisional, poolOf, type RatedMatch, type RatingRecord, shown } from './model.js';
import type { RatingStore } from './port.js';

/** A lost race is decided again at most this many times before the delivery is retried later. */
export const RATING_ATTEMPTS = 5;
/** Lines above and below a player on "around me". */
export const AROUND = 10;
export const TOP = 100;
/** An instance keeps a pool's top 100 this long: a board view then reads only the lines around its viewer. */
export const TOP_CACHE_MS = 30_000;

export interface RatingsDeps {
  store: RatingStore;
  /** The match as stored (the match store's `get`). */
  match: (matchId: string) => Promise<MatchRecord | null>;
  clock: () => number;
}

/** Whether a match counts for the ratings: created rated, over, no computer ever sat in, every seat a player. */
export function countsForRating(match: MatchRecord): boolean {
  if (!match.rated || match.ratedVoid || match.status !== 'over' || !match.end) return false;
  if (poolOf(match.gameId, match.seats.length) === null) return false;
  const players = match.seats.map((s) => s.player);
  return players.every((p) => typeof p === 'string') && new Set(players).size === players.length;
}

/** Every seat's new rating after the match, from the ratings read before it. */
export function decide(match: MatchRecord, before: readonly RatingRecord[]): RatingRecord[] {
  const end = match.end!;
  const ranks = ranksOf(match.seats.length, end);
  const now = (r: RatingRecord): Pick<RatingRecord, 'games' | 'version'> => ({ games: r.games + 1, version: r.version + 1 });
  if (before[0]?.glicko) {
    return before.map((r, seat) => ({
      ...r,
      ...now(r),
      glicko: glickoPeriod(
        r.glicko!,
        before.flatMap((o, other) => (other === seat ? [] : [{ opponent: o.glicko!, score: glickoScore(ranks[seat]!, ranks[other]!) }])),
      ),
    }));
  }
  const skills = skillUpdate(
    before.map((r) => r.skill!),
    ranks,
  );
  return before.map((r, seat) => ({ ...r, ...now(r), skill: skills[seat]! }));
}

export class Ratings {
  private readonly tops = new Map<string, { at: number; top: Promise<BoardEntry[]> }>();

  constructor(private readonly deps: RatingsDeps) {}

  /** The pool's top 100, read at most once per TOP_CACHE_MS by this instance (infra/capacity.ts: the `LB#` row). */
  private top(pool: string): Promise<BoardEntry[]> {
    const now = this.deps.clock();
    const kept = this.tops.get(pool);
    if (kept && now - kept.at < TOP_CACHE_MS) return kept.top;
    const top = this.deps.store.top(pool, TOP);
    this.tops.set(pool, { at: now, top });
    top.catch(() => this.tops.delete(pool));
    return top;
  }

  /** Rates the match if it counts and is not rated yet; answers what it changed (null: it does not count). */
  async settle(matchId: string): Promise<RatedMatch | null> {
    const done = await this.deps.store.ratedMatch(matchId);
    if (done) return done;
    const match = await this.deps.match(matchId);
    if (!match || !countsForRating(match)) return null;
    const pool = poolOf(match.gameId, match.seats.length)!;
    const players = match.seats.map((s) => s.player!);
    for (let attempt = 0; attempt < RATING_ATTEMPTS; attempt++) {
      const before = await Promise.all(players.map(async (p) => (await this.deps.store.rating(p, pool)) ?? freshRating(p, pool)));
      const at = this.deps.clock();
      const after = decide(match, before).map((r) => ({ ...r, updatedAt: at }));
      const claim: RatedMatch = {
        matchId,
        pool,
        at,
        changes: after.map((r, seat) => ({
          seat,
          playerId: r.playerId,
          before: shown(before[seat]!),
          after: shown(r),
          provisional: isProvisional(r),
        })),
      };
      const outcome = await this.deps.store.record(claim, before, after);
      if (outcome === 'recorded') return claim;
      if (outcome === 'already-rated') return this.deps.store.ratedMatch(matchId);
    }
    throw new Error(`rating match ${matchId}: lost the race ${RATING_ATTEMPTS} times`);
  }

  /** What a rated match changed; null while it is not rated (or never counts). */
  ofMatch(matchId: string): Promise<RatedMatch | null> {
    return this.deps.store.ratedMatch(matchId);
  }

  /** The player's rating in a game at a seat count (the player page's read); null before their first rated match. */
  async ratingOf(playerId: string, game: string, seats: number): Promise<{ rating: number; games: number; provisional: boolean } | null> {
    const pool = poolOf(game, seats);
    const r = pool ? await this.deps.store.rating(playerId, pool) : null;
    return r ? { rating: shown(r), games: r.games, provisional: isProvisional(r) } : null;
  }

  /**
   * The player's rating in a game as their page shows it: the game's one pool, or (where the seat count makes
   * pools of their own) the pool they have played most rated matches in. Null before their first rated match.
   */
  async ratingInGame(
    playerId: string,
    game: string,
  ): Promise<{ rating: number; games: number; provisional: boolean; seats: number | null } | null> {
    const max = (GAMES_BY_ID as Record<string, { maxSeats: number } | undefined>)[game]?.maxSeats ?? 0;
    const pools = new Map<string, number>();
    for (let seats = 2; seats <= max; seats++) {
      const pool = poolOf(game, seats);
      if (pool && !pools.has(pool)) pools.set(pool, seats);
    }
    const found = await Promise.all([...pools].map(async ([pool, seats]) => ({ seats, r: await this.deps.store.rating(playerId, pool) })));
    const best = found.reduce<(typeof found)[number] | null>((a, b) => (b.r && (!a?.r || b.r.games > a.r.games) ? b : a), null);
    if (!best?.r) return null;
    const perSeatCount = pools.size > 1;
    return { rating: shown(best.r), games: best.r.games, provisional: isProvisional(best.r), seats: perSeatCount ? best.seats : null };
  }

  /** The pool's top 100, and the lines around the player when one is given and established there. */
  async leaderboard(
    game: string,
    seats: number,
    playerId?: string,
  ): Promise<{ pool: string; top: BoardEntry[]; around: BoardEntry[] } | null> {
    const pool = poolOf(game, seats);
    if (!pool) return null;
    const mine = playerId ? await this.deps.store.rating(playerId, pool) : null;
    const [top, around] = await Promise.all([
      this.top(pool),
      mine && !isProvisional(mine) ? this.deps.store.around(pool, shown(mine), AROUND) : Promise.resolve([]),
    ]);
    return { pool, top, around };
  }
}
