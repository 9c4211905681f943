/**
 * The rating updates, from two well-kept libraries (docs/decisions/ratings.md): glicko2-lite for Glicko-2
 * (Glickman, "Example of the Glicko-2 system", 2022) and openskill for the Weng–Lin Bayesian rating
 * (Weng & Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 2011), Plackett–Luce model.
 * Pure: ratings and ranks in, ratings out. tests/ratings/maths.test.ts checks both against their published
 * worked examples.
 */
import glicko2 from 'glicko2-lite';
import { rate } from 'openskill';
import { GLICKO, type GlickoState, type SkillState } from './model.js';

/** One Glicko-2 rating period: the player against each opponent, with their scores (1 win, ½ draw, 0 loss). */
export function glickoPeriod(player: GlickoState, games: readonly { opponent: GlickoState; score: number }[]): GlickoState {
  if (games.length === 0) return player;
  const out = glicko2(
    player.rating,
    player.rd,
    player.vol,
    games.map((g) => [g.opponent.rating, g.opponent.rd, g.score] as [number, number, number]),
    { rating: GLICKO.rating, tau: GLICKO.tau },
  );
  return { rating: out.rating, rd: out.rd, vol: out.vol };
}

/** The Weng–Lin update of one free-for-all: one player per team; rank 1 is first, equal ranks tie. */
export function skillUpdate(players: readonly SkillState[], ranks: readonly number[]): SkillState[] {
  const out = rate(
    players.map((p) => [{ mu: p.mu, sigma: p.sigma }]),
    { rank: [...ranks] },
  );
  return out.map((team) => ({ mu: team[0]!.mu, sigma: team[0]!.sigma }));
}

/**
 * Each seat's rank (1 = first; equal ranks tie): the winners first, then the others by score where the game
 * keeps it (a resignation or forfeit ranks only the winners above the rest). Nobody won: all tie.
 */
export function ranksOf(seats: number, end: { winners: readonly number[]; scores?: readonly number[]; reason?: string }): number[] {
  const scores = end.reason === 'finished' && end.scores?.length === seats ? end.scores : null;
  const won = (seat: number) => end.winners.length === 0 || end.winners.includes(seat);
  return Array.from({ length: seats }, (_, seat) => {
    if (won(seat)) return 1;
    const ahead = Array.from({ length: seats }, (_, o) => o).filter((o) => !won(o) && scores !== null && scores[o]! > scores[seat]!);
    return 2 + ahead.length;
  });
}

/** A Glicko score of seat a against seat b from their ranks. */
export const glickoScore = (a: number, b: number): number => (a < b ? 1 : a > b ? 0 : 0.5);
