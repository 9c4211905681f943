/**
 * Ratings: what is rated, how a rating is kept, and what a finished rated match changed. One rating per
 * pool: a game (the auction game, both editions in one pool) or a game and seat count (the memory game and the
 * Golden Age, where three players and six are different contests). Two-player pools use Glicko-2, the others
 * the Weng–Lin Bayesian rating (OpenSkill's Plackett–Luce model): ./maths.ts. docs/ratings.md has the why.
 */
import type { GameId } from '#shared/games/ids.js';

export const RATING_SYSTEMS = ['glicko2', 'openskill'] as const;
export type RatingSystem = (typeof RATING_SYSTEMS)[number];

/** A game's rating: its system and whether the seat count makes a pool of its own. */
export const RATED_GAMES: Record<GameId, { system: RatingSystem; perSeatCount: boolean }> = {
  'dutch-auction': { system: 'glicko2', perSeatCount: false },
  'dutch-memory': { system: 'openskill', perSeatCount: true },
  'golden-age': { system: 'openskill', perSeatCount: true },
};

/** A rating is provisional (shown with a "?", kept off the leaderboards) until this many rated matches. */
export const PROVISIONAL_GAMES = 10;

/** Glicko-2's starting point and system constant (Glickman's paper: τ between 0.3 and 1.2; 0.5 as in its example). */
export const GLICKO = { rating: 1500, rd: 350, vol: 0.06, tau: 0.5 } as const;
/** OpenSkill's defaults (μ 25, σ 25/3), shown on Glicko's scale: 1500 + 60 × (μ − 25). */
export const SKILL = { mu: 25, sigma: 25 / 3, shownAt: 1500, shownPerMu: 60 } as const;

export interface GlickoState {
  rating: number;
  rd: number;
  vol: number;
}
export interface SkillState {
  mu: number;
  sigma: number;
}

/** One player's rating in one pool. */
export interface RatingRecord {
  playerId: string;
  pool: string;
  system: RatingSystem;
  glicko?: GlickoState;
  skill?: SkillState;
  /** Rated matches counted so far. */
  games: number;
  /** Increases by one with each change; 0 for a player not rated yet (no item stored). The record checks it. */
  version: number;
  updatedAt: number;
}

/** What one finished rated match did to one seat's rating. */
export interface RatingChange {
  seat: number;
  playerId: string;
  /** The rating shown before and after (rounded), so a page shows "+12 → 1534". */
  before: number;
  after: number;
  /** Still provisional after this match. */
  provisional: boolean;
}

/** The claim that a match has been rated: written once, in the same transaction as the ratings it changed. */
export interface RatedMatch {
  matchId: string;
  pool: string;
  changes: RatingChange[];
  at: number;
}

/** One line of a leaderboard. */
export interface BoardEntry {
  playerId: string;
  rating: number;
  games: number;
}

/** The pool of a game at a seat count, or null when that game at that count has no rating. */
export function poolOf(gameId: string, seats: number): string | null {
  const rated = (RATED_GAMES as Record<string, (typeof RATED_GAMES)[GameId] | undefined>)[gameId];
  if (!rated || seats < 2) return null;
  if (rated.system === 'glicko2' && seats !== 2) return null;
  return rated.perSeatCount ? `${gameId}:${seats}` : gameId;
}

/** The system of a pool (its game's). */
export function systemOf(pool: string): RatingSystem {
  const gameId = pool.split(':')[0]!;
  return (RATED_GAMES as Record<string, { system: RatingSystem }>)[gameId]?.system ?? 'openskill';
}

/** A player's starting rating in a pool (not stored until their first rated match). */
export function freshRating(playerId: string, pool: string): RatingRecord {
  const system = systemOf(pool);
  return {
    playerId,
    pool,
    system,
    ...(system === 'glicko2'
      ? { glicko: { rating: GLICKO.rating, rd: GLICKO.rd, vol: GLICKO.vol } }
      : { skill: { mu: SKILL.mu, sigma: SKILL.sigma } }),
    games: 0,
    version: 0,
    updatedAt: 0,
  };
}

/** The rating as players see it: Glicko-2's rating, or OpenSkill's μ on the same scale; rounded. */
export function shown(r: RatingRecord): number {
  if (r.glicko) return Math.round(r.glicko.rating);
  const mu = r.skill?.mu ?? SKILL.mu;
  return Math.round(SKILL.shownAt + SKILL.shownPerMu * (mu - SKILL.mu));
}

export const isProvisional = (r: RatingRecord) => r.games < PROVISIONAL_GAMES;
