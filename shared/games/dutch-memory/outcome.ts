/** The result of a finished game, with every round's score sheet as the public breakdown. */
import type { Outcome } from '../../engine/game.js';
import { winnersOf } from './score.js';
import type { DutchMemoryState, RoundRecord } from './state.js';

export interface DutchMemoryDetails {
  readonly endScore: number;
  readonly totals: readonly number[];
  /** Whether equal lowest totals were separated by the final round's scores. */
  readonly tieBrokenByLastRound: boolean;
  readonly rounds: readonly RoundRecord[];
}

export function result(state: DutchMemoryState): Outcome | null {
  if (state.phase !== 'over') return null;
  const { rules, totals, history } = state;
  const winners = winnersOf(rules, totals, history);
  const best = Math.min(...totals);
  const level = totals.filter((t) => t === best).length;
  const names = winners.map((w) => `{${w}}`).join(' and ');
  const summary =
    winners.length === 1
      ? `${names} wins with ${best} points${level > 1 ? ', having scored less in the final round' : ''}.`
      : `${names} share the win with ${best} points.`;
  const details: DutchMemoryDetails = {
    endScore: rules.endScore,
    totals,
    tieBrokenByLastRound: level > winners.length,
    rounds: history,
  };
  return { winners, scores: totals, summary, details };
}
