/** The final points of The Dutch Golden Age, source by source, one column per player. */
import { seatName } from '../../text.js';
import type { Match } from '../../types.js';

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

const ROWS: readonly [keyof Breakdown, string][] = [
  ['tokens', 'Movement tokens'],
  ['provinceMarkers', 'Markers in provinces'],
  ['eastIndies', 'East Indies'],
  ['westIndies', 'West Indies'],
  ['paintings', 'Finished paintings'],
  ['windmills', 'Windmills'],
  ['governors', 'Governors'],
  ['money', 'Money (1 per 10 guilders)'],
];

export function GoldenAgeOutcome({ match }: { match: Match }) {
  const d = match.end?.details;
  if (!isDetails(d)) return null;
  return (
    <div class="score-breakdown">
      <p>
        The game ended after {d.turns} turns; {d.target} points were needed.
      </p>
      <table class="score-table ga-score-table">
        <caption>Points by source</caption>
        <thead>
          <tr>
            <th scope="col">Source</th>
            {d.breakdown.map((_, s) => (
              <th scope="col" key={s}>
                {seatName(match.seats, s)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([k, label]) => (
            <tr key={k}>
              <th scope="row">{label}</th>
              {d.breakdown.map((b, s) => (
                <td key={s}>{b[k]}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {d.breakdown.map((b, s) => (
              <td key={s}>{b.total}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
