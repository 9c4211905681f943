/**
 * The Golden Age bots' property games (issue 15), run per seat count by bots-games-3p.test.ts and
 * bots-games-4p.test.ts: a thousand seeded bot-vs-bot games, easy and strong mixed (the strong level
 * on a small budget; the full one plays in `npm run bench -- bots-golden-age`), each ending with no
 * illegal move, no exception and no stuck position (a move cap). Over the games both levels bid in
 * auctions and use the action of every colour.
 */
import { describe, expect, it } from 'vitest';
import type { Bot } from '#shared/engine/bot.js';
import { GUILD_COLOURS, PROVINCE_IDS } from '#shared/games/golden-age/board.js';
import { easy, strongBot } from '#shared/games/golden-age/bots.js';
import type { GoldenAgeMove, GoldenAgeState, GoldenAgeView } from '#shared/games/golden-age/index.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import { PROVINCE_COLOUR } from '#shared/games/golden-age/rules.js';
import { view } from '#shared/games/golden-age/view.js';
import { runs } from '../../support/scale.js';

type GaBot = Bot<GoldenAgeView, GoldenAgeMove>;
const MOVE_CAP = 5000;
/** The search at its smallest: two candidates, one playout each, a few moves deep. */
export const TINY = strongBot({ samples: 1, playoutsPerSample: 2, depth: 8, candidates: 2, turns: 1 });

/** What a move uses: its kind, and for special actions the colour of the marker's action. */
export function use(s: GoldenAgeState, move: GoldenAgeMove): string {
  if (move.kind === 'buy-card' || move.kind === 'buy-token' || move.kind === 'pay-painter') {
    const m = move.marker;
    const colour =
      m.at === 'guild' ? m.colour : m.at === 'colony' ? 'spices' : GUILD_COLOURS[PROVINCE_COLOUR[PROVINCE_IDS.indexOf(m.province)]!];
    return `${move.kind}:${colour}`;
  }
  if (move.kind === 'auction') return `auction:${GUILD_COLOURS[PROVINCE_COLOUR[PROVINCE_IDS.indexOf(move.province)]!]}`;
  return s.phase === 'auction' && move.kind === 'bid' ? 'bid' : move.kind;
}

/** One game between `players`; checks each move against the legal list and `apply`. */
export function play(players: readonly GaBot[], seed: string, onMove?: (s: GoldenAgeState, seat: number, m: GoldenAgeMove) => void) {
  let s = goldenAge.setup(players.length, {}, seed);
  for (let n = 0; n < MOVE_CAP; n++) {
    if (s.phase === 'over') return { winner: s.winner!, moves: n };
    const seat = goldenAge.toAct(s)[0]!;
    const legal = goldenAge.legalMoves(s, seat);
    const move = players[seat]!.choose({ seat, view: view(s, seat), legal, now: 0, seed: `${seed}/${n}` });
    // (a string match first: a deep toContainEqual on every move would double the test's time)
    const listed = JSON.stringify(move);
    if (!legal.some((m) => JSON.stringify(m) === listed)) expect(legal).toContainEqual(move);
    onMove?.(s, seat, move);
    const r = goldenAge.apply(s, seat, move, { now: 0 });
    if (!r.ok) throw new Error(`${seed}: refused ${JSON.stringify(move)}: ${r.error.code}`);
    s = r.value.state;
  }
  throw new Error(`game ${seed} stuck after ${MOVE_CAP} moves`);
}

/** A use of the action of `colour` (green places a token, the others buy a card, brown also pays a painter). */
const usesColour = (used: Set<string>, colour: string) =>
  ['buy-token', 'buy-card', 'pay-painter'].some((kind) => used.has(`${kind}:${colour}`));

export function botGamesProperty(seats: number, games = Number(process.env.BOT_PROPERTY_GAMES ?? runs(1000))): void {
  describe(`golden-age bot-vs-bot games, ${seats} seats`, () => {
    it(`${games} games, easy and strong mixed, play legal moves to the end`, { timeout: 600_000 }, () => {
      const uses = { beginner: new Set<string>(), easy: new Set<string>(), strong: new Set<string>() };
      const winners = new Set<number>();
      let strongWins = 0;
      for (let g = 0; g < games; g++) {
        // One strong seat, rotating; every fourth game a second one.
        const strong = new Set([g % seats, ...(g % 4 === 3 ? [(g + 1) % seats] : [])]);
        const players = Array.from({ length: seats }, (_, i) => (strong.has(i) ? TINY : easy));
        const { winner } = play(players, `prop-${seats}-${g}`, (s, seat, m) => uses[players[seat]!.level].add(use(s, m)));
        winners.add(winner);
        if (strong.has(winner)) strongWins++;
      }
      expect(winners.size).toBe(seats);
      expect(strongWins).toBeGreaterThan(0);
      for (const level of ['easy', 'strong'] as const) {
        const used = uses[level];
        // Both levels bid in auctions, offer markers, and use the action of every colour.
        for (const colour of GUILD_COLOURS) expect([level, colour, usesColour(used, colour)]).toEqual([level, colour, true]);
        for (const u of ['pay-painter:brown', 'buy-card:spices', 'bid', 'pass', 'sail', 'take-guild', 'create-marker', 'move-token']) {
          expect([level, u, used.has(u)]).toEqual([level, u, true]);
        }
        expect([...used].some((u) => u.startsWith('auction:'))).toBe(true);
      }
    });
  });
}
