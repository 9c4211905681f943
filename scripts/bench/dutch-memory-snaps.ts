/**
 * How fair snapping is when players look in hours apart (asynchronous play should not favour the seat
 * that is always online): the real engine, one seat that is always online and three that look at the
 * match at random times (every 1–8 hours, uniformly), bench rules. A "snap chance" is a discard landing
 * while a seat knows it holds a matching card (memory aid on, so "knows" means the seat has seen it).
 * The figure is the share of its chances each kind of seat actually turns into a snap, with no minimum
 * snap window (the old default) and with the new default (`DEFAULT_SNAP_WINDOW_MS`, 24 hours), plus
 * other windows for comparison, for seats looking in every 1–8 h, twice a day (8–16 h) and once a day
 * (20–28 h). No seat reaches 100%: a discard can be snapped once, and one matching card serves one
 * discard.
 *
 * The players: everyone snaps every chance they see, as soon as they look; on their turn they draw
 * and keep the card in place of their highest known card if it is lower, else discard it; they
 * skip powers, and call Dutch once the round has lasted six turns each. The online seat acts at the
 * moment anything happens, so it wins every race it is part of — that is what "always online" buys.
 */
import type { Seat } from '#shared/engine/game.js';
import { snapMatchesAt, valuesOf } from '#shared/games/dutch-memory/cards.js';
import { dutchMemory as game } from '#shared/games/dutch-memory/index.js';
import type { DutchMemoryMove } from '#shared/games/dutch-memory/moves.js';
import { DEFAULT_SNAP_WINDOW_MS, HOUR_MS, type Rules } from '#shared/games/dutch-memory/presets.js';
import type { Card, DutchMemoryEvent, DutchMemoryState } from '#shared/games/dutch-memory/state.js';
import { EMPTY, hasSeen, slotCard } from '#shared/games/dutch-memory/state.js';
import { testRng } from '../../tests/support/rng.js';

const SEATS = 4;
const ONLINE: Seat = 0;

interface Tally {
  chances: number[];
  got: number[];
}

function simulate(windowMs: number, minH: number, maxH: number, rounds: number, seed: number): Tally {
  const parsed = game.options.safeParse({ snapWindowMs: windowMs });
  if (!parsed.success) throw new Error('bad options');
  const rules: Rules = parsed.data;
  const rnd = testRng(seed);
  const tally: Tally = { chances: Array(SEATS).fill(0), got: Array(SEATS).fill(0) };
  let now = 0;
  let games = 0;
  let state: DutchMemoryState = game.setup(SEATS, rules, `snaps-${seed}-${games}`);
  let turnsThisRound = 0;
  let played = 0;
  const nextLook = Array.from({ length: SEATS }, () => (minH + rnd() * (maxH - minH)) * HOUR_MS);
  /** Chances not yet decided: `${seat}:${serial}`. */
  const open = new Set<string>();

  const knownMatches = (s: DutchMemoryState, seat: Seat, card: Card) =>
    (s.benches[seat] ?? []).flatMap((b, slot) => (hasSeen(b, seat) && snapMatchesAt(slotCard(b), card) ? [slot] : []));

  function move(seat: Seat, m: DutchMemoryMove): readonly DutchMemoryEvent[] {
    const r = game.apply(state, seat, m, { now });
    if (!r.ok) throw new Error(`refused ${JSON.stringify(m)}: ${r.error.code}`);
    state = r.value.state;
    for (const e of r.value.events) {
      const serial = e.type === 'discarded' || e.type === 'exchanged' || e.type === 'opening-discard' ? e.serial : null;
      // A discard that ended the round (the last final turn) was never snappable.
      const card = serial === null ? undefined : state.pile.find((p) => p.serial === serial)?.card;
      if (serial !== null && card !== undefined) {
        for (let s = 0; s < SEATS; s++) {
          if (knownMatches(state, s, card).length > 0) {
            tally.chances[s]!++;
            open.add(`${s}:${serial}`);
          }
        }
      }
      if (e.type === 'round-ended') {
        played++;
        turnsThisRound = 0;
        open.clear();
      }
      if (e.type === 'drew' || e.type === 'called-dutch') turnsThisRound++;
    }
    if (state.phase === 'over') state = game.setup(SEATS, rules, `snaps-${seed}-${++games}`);
    return r.value.events;
  }

  /** Every snap the seat can make right now, at the open top or at a covered discard inside the window. */
  function snapAll(seat: Seat): void {
    for (let again = true; again && state.phase === 'play'; ) {
      again = false;
      for (let i = state.pile.length - 1; i >= 0; i--) {
        const p = state.pile[i]!;
        if (p.closed || p.serial < state.roundFirstSerial) continue;
        if (i !== state.pile.length - 1 && !(rules.snapWindowMs > 0 && now < p.at + rules.snapWindowMs)) continue;
        const slot = knownMatches(state, seat, p.card)[0];
        if (slot === undefined) continue;
        const events = move(seat, { kind: 'snap', on: p.serial, slot });
        if (events.some((e) => e.type === 'snapped' && e.seat === seat) && open.delete(`${seat}:${p.serial}`)) tally.got[seat]!++;
        again = true;
        break;
      }
    }
  }

  function turn(seat: Seat): void {
    const front = state.pending[0];
    if (front) {
      if (front.seat === seat) move(seat, { kind: 'skip' });
      return;
    }
    if (state.turn.seat !== seat) return;
    if (state.turn.step === 'start') {
      if (turnsThisRound >= 6 * SEATS && state.caller === null) {
        move(seat, { kind: 'call-dutch' });
        return;
      }
      move(seat, { kind: 'draw' });
    }
    if (state.turn.seat === seat && state.turn.step === 'drawn') {
      const held = state.turn.held!;
      const values = valuesOf(rules.cardValues);
      let worst = -1;
      let worstValue = values[held]!;
      (state.benches[seat] ?? []).forEach((b, slot) => {
        if (hasSeen(b, seat) && values[slotCard(b)]! > worstValue) {
          worst = slot;
          worstValue = values[slotCard(b)]!;
        }
      });
      move(seat, worst >= 0 ? { kind: 'exchange', slot: worst } : { kind: 'discard' });
    }
  }

  /** One visit: look at the first two cards, snap, play if it is this seat's move, snap again. */
  function visit(seat: Seat): void {
    for (let guard = 0; guard < 50; guard++) {
      const before = state;
      if (state.phase === 'look' && !state.looked[seat]) {
        const slots = (state.benches[seat] ?? []).flatMap((b, i) => (b === EMPTY ? [] : [i]));
        move(seat, { kind: 'look', slots: [slots[0]!, slots[1]!] });
      }
      snapAll(seat);
      if (state.phase === 'play') turn(seat);
      snapAll(seat);
      if (state === before) return;
    }
  }

  while (played < rounds) {
    visit(ONLINE);
    let seat = 1;
    for (let s = 2; s < SEATS; s++) if (nextLook[s]! < nextLook[seat]!) seat = s;
    now = Math.max(now, Math.round(nextLook[seat]!));
    visit(seat);
    nextLook[seat] = now + (minH + rnd() * (maxH - minH)) * HOUR_MS;
  }
  return tally;
}

const pct = (got: number, of: number) => (of === 0 ? '—' : `${Math.round((got / of) * 100)}%`);

export async function bench(report: (line: string) => void): Promise<void> {
  const rounds = 400;
  for (const [minH, maxH] of [
    [1, 8],
    [8, 16],
    [20, 28],
  ] as const) {
    for (const windowH of [0, 4, 12, DEFAULT_SNAP_WINDOW_MS / HOUR_MS, 48]) {
      const t = simulate(windowH * HOUR_MS, minH, maxH, rounds, 7);
      const slowGot = t.got.slice(1).reduce((a, b) => a + b, 0);
      const slowChances = t.chances.slice(1).reduce((a, b) => a + b, 0);
      const label =
        windowH === 0
          ? 'no window (old default)'
          : windowH * HOUR_MS === DEFAULT_SNAP_WINDOW_MS
            ? `${windowH} h window (new default)`
            : `${windowH} h window`;
      report(
        `dutch-memory snaps: 1 seat always online vs 3 looking in every ${minH}–${maxH} h, ${label}: online seat gets ${pct(t.got[0]!, t.chances[0]!)} of its ${t.chances[0]} snap chances, the others ${pct(slowGot, slowChances)} of ${slowChances} (per seat ${t.got
          .slice(1)
          .map((g, i) => pct(g, t.chances[i + 1]!))
          .join(', ')}; ${rounds} rounds, bench rules)`,
      );
    }
  }
}

// Run directly: npx tsx scripts/bench/dutch-memory-snaps.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  void bench((line) => console.log(line));
}
