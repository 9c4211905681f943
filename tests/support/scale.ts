/**
 * How many random games or property runs a test makes. CI (`npm run test:all`) runs the full counts;
 * `npm test` sets TEST_QUICK=1 and gets a tenth of them (at least `floor`), for an answer in minutes.
 * Every scaled test keeps its assertions: only the number of games shrinks.
 */
export const QUICK = process.env.TEST_QUICK === '1';

/** `full` runs, or in quick mode a tenth of them and at least `floor`. */
export function runs(full: number, floor = 1): number {
  return QUICK ? Math.min(full, Math.max(floor, Math.ceil(full / 10))) : full;
}
