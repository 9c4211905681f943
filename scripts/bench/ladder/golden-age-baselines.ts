/**
 * An independent player for the Golden Age, bench only: one-ply greed on visible points and money.
 * Each legal move is applied once to a state consistent with the seat's view (the cards it cannot see
 * dealt at random by the game's `determinize`, which only samples and decides nothing) and judged by the
 * points on the board after it (money counted as the rules score it), more money breaking ties; ending
 * the turn, passing and not cashing in win ties, so it never bids: a bid gains nothing at once. Set-up
 * placements are the first listed.
 */
import type { BotInput } from '#shared/engine/bot.js';
import type { Seat } from '#shared/engine/game.js';
import { seedRng } from '#shared/engine/random.js';
import { determinize } from '#shared/games/golden-age/bots.js';
import type { GoldenAgeMove } from '#shared/games/golden-age/moves.js';
import { apply, scoreOf } from '#shared/games/golden-age/rules.js';
import type { GoldenAgeState } from '#shared/games/golden-age/state.js';
import type { GoldenAgeView } from '#shared/games/golden-age/view.js';

type Move = GoldenAgeMove;

const QUIET: ReadonlySet<Move['kind']> = new Set(['end-turn', 'pass']);

export function visibleScore(s: GoldenAgeState, seat: Seat): [number, number] {
  return [scoreOf(s, seat).total, s.players[seat]!.money];
}

export function onePlyGreedy(input: BotInput<GoldenAgeView, Move>): Move {
  const { view, seat, legal } = input;
  if (legal.length === 1 || !view.toAct.includes(seat)) return legal[0]!;
  if (view.phase.startsWith('setup')) return legal[0]!;
  const [s] = determinize(view, seat, seedRng(`${input.seed}/one-ply`));
  let best: Move = legal.find((m) => QUIET.has(m.kind)) ?? legal[0]!;
  let bestScore: [number, number] = [Number.NEGATIVE_INFINITY, 0];
  const bump = (m: Move) => (QUIET.has(m.kind) ? 1e-6 : m.kind === 'exchange' ? -1e-6 : 0);
  for (const m of legal) {
    const r = apply(s, seat, m);
    if (!r.ok) continue;
    const [points, money] = visibleScore(r.value.state, seat);
    const p = points + bump(m);
    if (p > bestScore[0] || (p === bestScore[0] && money > bestScore[1])) {
      bestScore = [p, money];
      best = m;
    }
  }
  return best;
}
