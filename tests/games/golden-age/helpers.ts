/**
 * Scenario state builders and checks for The Dutch Golden Age tests. Every builder returns a
 * new state and keeps all pieces, cards and money conserved (they come from the reserve, the
 * decks or the bank), so `checkInvariants` holds for built states too.
 */
import { expect } from 'vitest';
import type { Seat } from '#shared/engine/game.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import {
  type DeckId,
  DECKS,
  GUILD_COLOURS,
  type GuildColour,
  MONEY_SUPPLY_GUILDERS,
  PROVINCE_IDS,
  type ProvinceId,
  START,
} from '#shared/games/golden-age/board.js';
import { ALL_CARD_IDS, card } from '#shared/games/golden-age/cards.js';
import type { GoldenAgeMove } from '#shared/games/golden-age/moves.js';
import type { GoldenAgeEvent, GoldenAgeState, Marker, Phase } from '#shared/games/golden-age/state.js';
import { english, unworded } from '../../support/words.js';

export const CTX = { now: 0 };
export const TOTAL_MONEY = MONEY_SUPPLY_GUILDERS * 2;

// biome-ignore lint/suspicious/noExplicitAny: tests build odd positions by writing freely into a deep copy of the state, past its readonly and union types.
type Any = any;
const clone = (s: GoldenAgeState): Any => JSON.parse(JSON.stringify(s));
export const pi = (p: ProvinceId): number => PROVINCE_IDS.indexOf(p);
export const ci = (c: GuildColour): number => GUILD_COLOURS.indexOf(c);

/** A 3- or 4-player game just past set-up: seat 0 to act, nothing on the board, Steward on box 0. */
export function blank(seats = 4, phase: Phase = 'actions'): GoldenAgeState {
  const s = clone(goldenAge.setup(seats, {}, 'scenario-seed'));
  s.phase = phase;
  s.current = 0;
  s.turn = 1;
  s.steward = 0;
  return s;
}

export function withPhase(state: GoldenAgeState, phase: Phase, current: Seat = state.current): GoldenAgeState {
  const s = clone(state);
  s.phase = phase;
  s.current = current;
  return s;
}

/** Sets a seat's money (half-guilders), taking the difference from or giving it to the bank. */
export function withMoney(state: GoldenAgeState, seat: Seat, halves: number): GoldenAgeState {
  const s = clone(state);
  s.bank -= halves - s.players[seat].money;
  s.players[seat].money = halves;
  if (s.bank < 0) throw new Error('builder: bank would go negative');
  return s;
}

export function withBank(state: GoldenAgeState, halves: number): GoldenAgeState {
  // Park the difference with the last seat so money stays conserved.
  const s = clone(state);
  const last = s.seats - 1;
  s.players[last].money += s.bank - halves;
  s.bank = halves;
  return s;
}

export function withTokens(state: GoldenAgeState, province: ProvinceId, seat: Seat, n: number): GoldenAgeState {
  const s = clone(state);
  const p = s.provinces[pi(province)];
  s.players[seat].tokens -= n - p.tokens[seat];
  p.tokens[seat] = n;
  if (s.players[seat].tokens < 0) throw new Error('builder: not enough tokens');
  return s;
}

const mk = (owner: Seat, flags: Partial<Marker> = {}): Marker => ({ owner, used: false, moved: false, ...flags });

export function withMarker(state: GoldenAgeState, province: ProvinceId, seat: Seat, flags: Partial<Marker> = {}): GoldenAgeState {
  const s = clone(state);
  const p = s.provinces[pi(province)];
  if (p.marker) s.players[p.marker.owner].markers += 1;
  s.players[seat].markers -= 1;
  p.marker = mk(seat, flags);
  return s;
}

export function withGuild(state: GoldenAgeState, colour: GuildColour, seat: Seat, level = 1, flags: Partial<Marker> = {}): GoldenAgeState {
  const s = clone(state);
  const g = s.guilds[ci(colour)];
  if (g.holder) s.players[g.holder.owner].markers += 1;
  s.players[seat].markers -= 1;
  s.guilds[ci(colour)] = { holder: mk(seat, flags), level };
  return s;
}

export function withColony(state: GoldenAgeState, box: number, seat: Seat, flags: Partial<Marker> = {}): GoldenAgeState {
  const s = clone(state);
  s.players[seat].markers -= 1;
  if (box === 7) s.west.push(mk(seat, flags));
  else s.east[box - 2] = mk(seat, flags);
  return s;
}

/** Takes the named cards out of the decks and gives them to `seat` where they belong. */
export function give(state: GoldenAgeState, seat: Seat, ...ids: string[]): GoldenAgeState {
  const s = clone(state);
  for (const id of ids) {
    const deck = card(id).deck;
    const at = s.decks[deck].indexOf(id);
    if (at < 0) throw new Error(`builder: ${id} is not in the ${deck} deck`);
    s.decks[deck].splice(at, 1);
    const k = card(id).kind;
    if (k === 'painting') s.players[seat].paintings.push({ card: id, paid: 0 });
    else if (k === 'windmill') s.players[seat].windmills.push(id);
    else if (k === 'governor') s.players[seat].governors.push(id);
    else s.players[seat].hand.push(id);
  }
  return s;
}

/** Puts the named cards on top of their deck; the first named is drawn first. */
export function stack(state: GoldenAgeState, ...ids: string[]): GoldenAgeState {
  const s = clone(state);
  for (const id of [...ids].reverse()) {
    const deck = card(id).deck;
    const at = s.decks[deck].indexOf(id);
    if (at < 0) throw new Error(`builder: ${id} is not in the ${deck} deck`);
    s.decks[deck].splice(at, 1);
    s.decks[deck].push(id);
  }
  return s;
}

/** Moves every card of a deck onto its discard pile (the next draw reshuffles). */
export function emptyDeck(state: GoldenAgeState, deck: DeckId): GoldenAgeState {
  const s = clone(state);
  s.discards[deck].push(...s.decks[deck]);
  s.decks[deck] = [];
  return s;
}

/** Pays `paid` instalments (money from the bank side of the seat) on a painting the seat holds. */
export function withPaid(state: GoldenAgeState, seat: Seat, id: string, paid: number): GoldenAgeState {
  const s = clone(state);
  const p = s.players[seat].paintings.find((x: Any) => x.card === id);
  s.bank -= (paid - p.paid) * 2;
  p.paid = paid;
  return s;
}

export interface Played {
  state: GoldenAgeState;
  events: GoldenAgeEvent[];
}

export function play(state: GoldenAgeState, seat: Seat, move: GoldenAgeMove): Played {
  const r = goldenAge.apply(state, seat, move, CTX);
  if (!r.ok) throw new Error(`move refused: ${JSON.stringify(move)} → ${r.error.code}: ${english(r.error)}`);
  checkInvariants(r.value.state);
  return { state: r.value.state, events: [...r.value.events] };
}

export function playAll(state: GoldenAgeState, steps: [Seat, GoldenAgeMove][]): Played {
  let cur: Played = { state, events: [] };
  for (const [seat, move] of steps) {
    const next = play(cur.state, seat, move);
    cur = { state: next.state, events: [...cur.events, ...next.events] };
  }
  return cur;
}

export function refuse(state: GoldenAgeState, seat: Seat, move: GoldenAgeMove, code: string): void {
  const r = goldenAge.apply(state, seat, move, CTX);
  expect(r.ok, `expected ${JSON.stringify(move)} to be refused with ${code}`).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe(code);
    expect(english(r.error).length).toBeGreaterThan(5);
    expect(unworded(r.error)).toEqual([]);
  }
}

export const isListed = (state: GoldenAgeState, seat: Seat, move: GoldenAgeMove): boolean =>
  goldenAge.legalMoves(state, seat).some((m) => JSON.stringify(m) === JSON.stringify(move));

/** Everything that must always hold. Returns a list of problems (empty when fine). */
export function invariantProblems(s: GoldenAgeState): string[] {
  const out: string[] = [];
  // money: players + bank + coins on paintings
  let money = s.bank;
  if (s.bank < 0) out.push(`bank negative ${s.bank}`);
  for (let i = 0; i < s.players.length; i++) {
    const p = s.players[i]!;
    if (p.money < 0 || !Number.isInteger(p.money)) out.push(`seat ${i} money ${p.money}`);
    money += p.money;
    for (const pt of p.paintings) money += pt.paid * 2;
  }
  if (money !== TOTAL_MONEY) out.push(`money ${money} ≠ ${TOTAL_MONEY}`);
  // tokens and markers per seat
  const tokens = s.players.map((p) => p.tokens);
  const markers = s.players.map((p) => p.markers);
  for (const p of s.provinces) {
    for (let seat = 0; seat < s.seats; seat++) {
      if (p.tokens[seat]! < 0) out.push('negative tokens');
      tokens[seat]! += p.tokens[seat]!;
    }
    if (p.marker !== null) markers[p.marker.owner]! += 1;
  }
  for (const g of s.guilds) {
    if (g.holder !== null) markers[g.holder.owner]! += 1;
    if ((g.holder === null) !== (g.level === 0)) out.push('guild holder/level mismatch');
  }
  for (const m of s.east) if (m !== null) markers[m.owner]! += 1;
  for (const m of s.west) markers[m.owner]! += 1;
  for (let seat = 0; seat < s.seats; seat++) {
    if (tokens[seat] !== START.tokens) out.push(`seat ${seat} tokens ${tokens[seat]}`);
    if (markers[seat] !== START.markers) out.push(`seat ${seat} markers ${markers[seat]}`);
  }
  // cards: each exactly once
  const seen = new Uint8Array(ALL_CARD_IDS.length);
  let bad = 0;
  const add = (ids: readonly string[]) => {
    for (const id of ids) {
      const i = CARD_INDEX[id];
      if (i === undefined) bad++;
      else seen[i]! += 1;
    }
  };
  for (const d of DECKS) {
    add(s.decks[d]);
    add(s.discards[d]);
  }
  for (const p of s.players) {
    add(p.hand);
    for (const x of p.paintings) add([x.card]);
    add(p.windmills);
    add(p.governors);
  }
  if (bad > 0) out.push(`${bad} unknown card ids`);
  for (let i = 0; i < seen.length; i++) if (seen[i] !== 1) out.push(`card ${ALL_CARD_IDS[i]} ×${seen[i]}`);
  return out;
}

const CARD_INDEX: Record<string, number> = Object.fromEntries(ALL_CARD_IDS.map((id, i) => [id, i]));

/** The checks that could fail only for a moment (nobody below zero): cheap enough for every move. */
export function nobodyNegative(s: GoldenAgeState): boolean {
  if (s.bank < 0) return false;
  for (const p of s.players) if (p.money < 0 || p.tokens < 0 || p.markers < 0) return false;
  return true;
}

export function checkInvariants(s: GoldenAgeState): void {
  const problems = invariantProblems(s);
  if (problems.length > 0) throw new Error(`invariants broken: ${problems.join('; ')}`);
}

export const eventsOf = <T extends GoldenAgeEvent['type']>(events: readonly GoldenAgeEvent[], type: T) =>
  events.filter((e): e is Extract<GoldenAgeEvent, { type: T }> => e.type === type);

export { DECKS };
