/**
 * Property tests (shared by props-current.test.ts and props-2018.test.ts) over thousands of seeded random legal games of each edition. A failure prints
 * the fast-check seed and the game seed, so it replays exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Seat, Viewer } from '#shared/engine/game.js';
import { type Rng, nextInt, seedRng, shuffle } from '#shared/engine/random.js';
import { ALL_CARD_IDS, type CardId, type Edition, EDITION_DATA, POWERS, SOURCES, SUITS } from '#shared/games/dutch-auction/cards.js';
import type { DutchAuctionMove } from '#shared/games/dutch-auction/moves.js';
import type { DutchAuctionEvent, DutchAuctionState } from '#shared/games/dutch-auction/state.js';
import { cloneState } from '#shared/games/dutch-auction/state.js';
import { assertJsonExact } from '../../support/json.js';
import { runs } from '../../support/scale.js';
import { english, unworded } from '../../support/words.js';
import { game, randomGame } from './helpers.js';

const FC = { seed: 20240601, endOnFailure: true };

const INDEX = new Map<string, number>();
for (const edition of ['current', '2018'] as const) EDITION_DATA[edition].cards.forEach((c, i) => INDEX.set(`${edition}/${c.id}`, i));
const stamp = new Uint32Array(40);
let generation = 0;

/** Every one of the edition's 40 cards lies in exactly one zone (written to be cheap: it runs at every step). */
function checkConservation(s: DutchAuctionState): void {
  generation++;
  let count = 0;
  const see = (id: CardId | null): void => {
    if (id === null) return;
    const i = INDEX.get(`${s.edition}/${id}`);
    if (i === undefined) throw new Error(`foreign card ${id}`);
    if (stamp[i] === generation) throw new Error(`card ${id} is in two zones`);
    stamp[i] = generation;
    count++;
  };
  for (const p of s.seats) {
    for (const id of p.deck) see(id);
    for (const id of p.hand) see(id);
    for (const id of p.discards) see(id);
    for (const id of p.cashedIn) see(id);
    for (const c of p.bid) see(c.id);
  }
  for (const id of s.auctionDeck) see(id);
  for (const id of s.display) see(id);
  for (const id of s.auctionDiscards) see(id);
  if (count !== 40) throw new Error(`cards not conserved: ${count} cards`);
  for (const p of s.seats) {
    if (p.sealed) {
      for (const id of [p.sealed.setAside, ...p.sealed.bid]) {
        if (id !== null && !p.hand.includes(id)) throw new Error(`sealed card ${id} not in hand`);
      }
    }
    if (p.setAside !== null && p.deck[0] !== p.setAside) throw new Error('set-aside card is not on top of the deck');
  }
  if (s.display.length !== 6) throw new Error('display must have six positions');
}

function checkTurn(s: DutchAuctionState): void {
  const acting = game.toAct(s);
  for (const seat of [0, 1]) {
    const n = game.legalMoves(s, seat).length;
    if (acting.includes(seat) !== n > 0) throw new Error(`seat ${seat}: toAct ${acting} but ${n} legal moves`);
    const d = game.defaultMove?.(s, seat) ?? null;
    if (acting.includes(seat)) {
      if (d === null) throw new Error('no default move for a seat to act');
      const r = game.apply(s, seat, d, { now: 0 });
      if (!r.ok) throw new Error(`default move refused: ${r.error.code}`);
    } else if (d !== null) throw new Error('default move for a seat not to act');
  }
}

/** Same outcome ⇔ same key: card sets compared as sets, a commit's round only when it differs. */
function moveKey(s: DutchAuctionState, m: DutchAuctionMove): string {
  switch (m.kind) {
    case 'commit':
      return `commit|${m.setAside}|${m.bid.slice().sort().join(',')}|${m.round === undefined || m.round === s.round ? '' : m.round}`;
    case 'purchase':
      return `purchase|${m.slot}|${m.pay.slice().sort().join(',')}`;
    case 'power':
      return `power|${m.card}|${m.power}|${m.target}|${m.from ?? ''}|${m.suit ?? ''}`;
    case 'play':
      return `play|${m.card}`;
    case 'done':
      return 'done';
  }
}

/** A random move of any shape, usually built from cards near the seat so it is a near miss. */
function randomMove(s: DutchAuctionState, seat: Seat, rng0: Rng): [unknown, Rng] {
  let rng = rng0;
  const int = (n: number): number => {
    let x: number;
    [x, rng] = nextInt(rng, n);
    return x;
  };
  const pickOf = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  const p = s.seats[seat === 0 ? 0 : 1];
  const near = [
    ...p.hand,
    ...p.bid.map((c) => c.id),
    ...p.discards,
    ...s.auctionDiscards,
    ...s.display.filter((c): c is string => c !== null),
  ];
  const card = (): CardId => (near.length > 0 && int(3) > 0 ? pickOf(near) : pickOf(ALL_CARD_IDS));
  const cards = (n: number): CardId[] => Array.from({ length: n }, card);
  switch (int(5)) {
    case 0: {
      const m: Record<string, unknown> = { kind: 'commit', setAside: int(8) === 0 ? null : card(), bid: cards(int(6)) };
      if (int(4) === 0) m.round = 1 + int(3);
      return [m, rng];
    }
    case 1: {
      const m: Record<string, unknown> = { kind: 'power', card: card(), power: pickOf(POWERS), target: card() };
      if (int(2) === 0) m.from = pickOf(SOURCES);
      if (int(3) === 0) m.suit = pickOf(SUITS);
      return [m, rng];
    }
    case 2:
      return [{ kind: 'play', card: card() }, rng];
    case 3: {
      const slot = 1 + int(6);
      return [{ kind: 'purchase', slot, pay: cards(int(3) === 0 ? int(7) : slot) }, rng];
    }
    default:
      return [{ kind: 'done' }, rng];
  }
}

// ---------------------------------------------------------------------------------------------
// Hidden information: permute everything `viewer` may not see and require an identical view.

const ID_RE = /\b(?:green|red|pink|blue)-(?:10|[1-9]|P1|P2)\b/g;
const NAME_RE = /\b(green|red|pink|blue) (?:(\d+)-bid|power card \((P\d)\))/g;

function permuteHidden(s: DutchAuctionState, viewer: Viewer, rng0: Rng): [DutchAuctionState, Rng] {
  let rng = rng0;
  const d = cloneState(s);
  const hidden: CardId[][] = [d.auctionDeck];
  d.seats.forEach((p, i) => {
    if (i !== viewer) hidden.push(p.hand, p.deck, p.discards);
  });
  const pool = hidden.flat();
  let shuffled: CardId[];
  [shuffled, rng] = shuffle(rng, pool);
  const sigma = new Map<CardId, CardId>();
  pool.forEach((id, i) => sigma.set(id, shuffled[i] as CardId));
  for (const z of hidden) for (let i = 0; i < z.length; i++) z[i] = sigma.get(z[i] as CardId) as CardId;
  d.seats.forEach((p, i) => {
    if (i === viewer) {
      // One's own deck: its order is hidden even from its owner (who only knows the card set aside on top).
      const top = p.setAside !== null ? 1 : 0;
      let rest: CardId[];
      [rest, rng] = shuffle(rng, p.deck.slice(top));
      p.deck = [...p.deck.slice(0, top), ...rest];
      return;
    }
    if (p.setAside !== null) p.setAside = sigma.get(p.setAside) ?? p.setAside;
    if (p.sealed) {
      p.sealed = {
        setAside: p.sealed.setAside === null ? null : (sigma.get(p.sealed.setAside) as CardId),
        bid: p.sealed.bid.map((id) => sigma.get(id) as CardId),
      };
    }
  });
  d.rng = seedRng(`other-${rng[0]}`);
  return [d, rng];
}

/** Card ids in a view, leaving out the final result (which shows every card once the game is over). */
function visibleIds(s: DutchAuctionState, viewer: Viewer): Set<string> {
  const { result: _result, ...rest } = game.view(s, viewer) as Record<string, unknown>;
  return new Set(JSON.stringify(rest).match(ID_RE) ?? []);
}

/** DynamoDB refuses undefined values: states, views and log lines must hold none. */
function assertNoUndefined(x: unknown, path = '$'): void {
  if (x === undefined) throw new Error(`undefined at ${path}`);
  if (Array.isArray(x)) x.forEach((v, i) => assertNoUndefined(v, `${path}[${i}]`));
  else if (x !== null && typeof x === 'object') for (const [k, v] of Object.entries(x)) assertNoUndefined(v, `${path}.${k}`);
}

function logIds(entry: unknown): string[] {
  const text = JSON.stringify(entry);
  const out: string[] = [...(text.match(ID_RE) ?? [])];
  for (const m of text.matchAll(NAME_RE)) out.push(`${m[1]}-${m[2] ?? m[3]}`);
  return out;
}

/** The whole property suite for one edition (each edition's test file calls it, so they run in parallel). */
export function propertySuite(edition: Edition): void {
  describe(`random games, ${edition} edition`, () => {
    it(`${runs(2000).toLocaleString('en')} games: every card in exactly one zone, turns consistent, every game ends, state small`, () => {
      let maxSize = 0;
      let games = 0;
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (n) => {
          const { final } = randomGame(edition, `cons-${n}`, (state) => {
            checkConservation(state);
            if (games < 100) {
              checkTurn(state);
              maxSize = Math.max(maxSize, JSON.stringify(state).length);
            }
          });
          games++;
          checkConservation(final);
          expect(final.phase).toBe('over');
          expect(game.toAct(final)).toEqual([]);
          expect(final.auctionDeck).toEqual([]);
          const res = game.result(final);
          expect(res).not.toBeNull();
          expect(res?.scores).toHaveLength(2);
          expect(unworded(res!)).toEqual([]);
          expect(english(res)).toMatch(/^(Ann|Bob) [^{}]+\.$/);
          expect(JSON.parse(JSON.stringify(final))).toEqual(final);
          maxSize = Math.max(maxSize, JSON.stringify(final).length);
        }),
        { ...FC, numRuns: runs(2000) },
      );
      expect(maxSize).toBeLessThan(50_000);
    });

    it('every listed legal move is accepted without touching the input; a sample of others is refused', () => {
      // Quick mode plays a tenth of the games; the refusals asked for scale with them (over 1,000 in 30 games).
      const games = runs(30, 3);
      let refusedCount = 0;
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (n) => {
          randomGame(edition, `legal-${n}`, (state, seat, _move, legal, rng0) => {
            let rng = rng0;
            const before = JSON.stringify(state);
            const keys = new Set<string>();
            for (const m of legal) {
              expect(game.move.safeParse(m).success).toBe(true);
              const r = game.apply(state, seat, m, { now: 0 });
              if (!r.ok) throw new Error(`listed move refused: ${JSON.stringify(m)} → ${r.error.code}`);
              keys.add(moveKey(state, m));
            }
            expect(JSON.stringify(state)).toBe(before);
            for (const s of [0, 1] as const) {
              for (let i = 0; i < 6; i++) {
                let raw: unknown;
                [raw, rng] = randomMove(state, s, rng);
                const parsed = game.move.safeParse(raw);
                if (!parsed.success) continue;
                const m = parsed.data;
                const isLegal =
                  s === seat ? keys.has(moveKey(state, m)) : game.legalMoves(state, s).some((x) => moveKey(state, x) === moveKey(state, m));
                const r = game.apply(state, s, m, { now: 0 });
                if (isLegal) {
                  expect(r.ok, JSON.stringify(m)).toBe(true);
                } else {
                  if (r.ok) throw new Error(`unlisted move accepted: seat ${s} ${JSON.stringify(m)}`);
                  expect(r.error.code).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
                  expect(r.error.key?.startsWith(`game.dutch-auction.error.${r.error.code}`)).toBe(true);
                  expect(unworded(r.error)).toEqual([]);
                  refusedCount++;
                }
              }
            }
            expect(JSON.stringify(state)).toBe(before);
          });
        }),
        { ...FC, numRuns: games },
      );
      expect(refusedCount).toBeGreaterThan((1000 * games) / 30);
    });

    it('replaying the seed and the moves gives the same states, each one kept exactly by JSON', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (n) => {
          const seed = `replay-${n}`;
          const { moves, final } = randomGame(edition, seed);
          let s = game.setup(2, { edition }, seed);
          for (const { seat, move } of moves) {
            const r = game.apply(s, seat, JSON.parse(JSON.stringify(move)) as DutchAuctionMove, { now: 0 });
            if (!r.ok) throw new Error(r.error.code);
            s = r.value.state;
            assertJsonExact(s); // stored as JSON after every move: it must come back exactly
          }
          expect(JSON.stringify(s)).toBe(JSON.stringify(final));
        }),
        { ...FC, numRuns: runs(200, 20) },
      );
    });

    it('no view or log line ever holds a card its viewer may not see', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (n) => {
          let rng = seedRng(`perm-${n}`);
          randomGame(edition, `hidden-${n}`, (state, seat, move) => {
            assertNoUndefined(state);
            for (const viewer of [0, 1, null] as Viewer[]) {
              const view = game.view(state, viewer);
              assertNoUndefined(view);
              const v = JSON.stringify(view);
              expect(v).not.toMatch(/rng|seed/);
              let permuted: DutchAuctionState;
              [permuted, rng] = permuteHidden(state, viewer, rng);
              checkConservation(permuted);
              expect(JSON.stringify(game.view(permuted, viewer))).toBe(v);
              if (viewer !== null) expect(game.legalMoves(permuted, viewer)).toEqual(game.legalMoves(state, viewer));
            }
            const r = game.apply(state, seat, move, { now: 0 });
            if (!r.ok) throw new Error(r.error.code);
            for (const viewer of [0, 1, null] as Viewer[]) {
              const seen = new Set([...visibleIds(state, viewer), ...visibleIds(r.value.state, viewer)]);
              for (const e of r.value.events as DutchAuctionEvent[]) {
                const line = game.viewEvent(e, viewer);
                assertNoUndefined(line);
                if (!line?.key || line.text !== undefined) throw new Error(`log line without words: ${JSON.stringify(line)}`);
                const missing = unworded(line);
                if (missing.length > 0) throw new Error(`log line ${JSON.stringify(line)} uses unknown keys ${missing}`);
                assertNoUndefined(e);
                for (const id of logIds(line)) {
                  if (!seen.has(id)) throw new Error(`log line ${JSON.stringify(line)} shows ${id} to viewer ${viewer}`);
                }
              }
            }
          });
        }),
        { ...FC, numRuns: runs(50, 10) },
      );
    });
  });
}
