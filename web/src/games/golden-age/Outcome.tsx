/** The final points of The Dutch Golden Age, source by source, one column per player. */
import { seatName } from '../../text.js';
import type { Match } from '../../types.js';
import { tb } from './logic.js';

interface Breakdown {
  tokens: number;
  provinceMarkers: number;
  eastIndies: number;
  westIndies: number;
  paintings: number;
  windmills: number;
  governors: number;
  money: number;
  total: number;
}
interface Details {
  target: number;
  turns: number;
  breakdown: Breakdown[];
}

function isDetails(d: unknown): d is Details {
  const x = d as Details | null;
  return !!x && typeof x === 'object' && Array.isArray(x.breakdown) && typeof x.target === 'number';
}

/** The rows of the table, in order (their names are looked up at render: `game.golden-age.board.outcome.<row>`). */
const ROWS = ['tokens', 'provinceMarkers', 'eastIndies', 'westIndies', 'paintings', 'windmills', 'governors', 'money'] as const;

export function GoldenAgeOutcome({ match }: { match: Match }) {
  const d = match.end?.details;
  if (!isDetails(d)) return null;
  return (
    <div class="score-breakdown">
      <p>{tb('outcome.ended', { turns: d.turns, target: d.target })}</p>
      <table class="score-table ga-score-table">
        <caption>{tb('outcome.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{tb('outcome.source')}</th>
            {d.breakdown.map((_, s) => (
              <th scope="col" key={s} translate={false}>
                {seatName(match.seats, s)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((k) => (
            <tr key={k}>
              <th scope="row">{tb(`outcome.${k}`)}</th>
              {d.breakdown.map((b, s) => (
                <td key={s}>{b[k]}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{tb('outcome.total')}</th>
            {d.breakdown.map((b, s) => (
              <td key={s}>{b.total}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
