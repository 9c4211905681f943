/**
 * `npm run bench -- ladder`: our computer players against each other and against independent players
 * rebuilt from published descriptions (./ladder/), at the protocol's size (≥ 1,000 games per two-player
 * pairing, ≥ 400 for more; hours of one core). `--quick` plays one round of seats per pairing (the test
 * suite's smoke run); LADDER_SCALE=<x> scales every count; LADDER_GAMES=dutch-auction,… keeps some games.
 * Run as part of the whole `npm run bench` (not named), it plays a small sample (scale 0.01).
 */
import { type GameName, PAIRINGS, runLadder } from './ladder/run.js';

export async function bench(report: (line: string) => void): Promise<void> {
  const args = process.argv.slice(2);
  const named = args.includes('ladder');
  const scale = Number(process.env.LADDER_SCALE ?? (args.includes('--quick') ? 0 : named ? 1 : 0.01));
  const games = process.env.LADDER_GAMES?.split(',') as GameName[] | undefined;
  runLadder(scale, report, games ? PAIRINGS.filter((p) => games.includes(p.game)) : PAIRINGS);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await bench((line) => console.log(line));
}
