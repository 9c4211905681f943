/**
 * "Secret sums", a trivial game used only by tests to exercise the platform before and beside the
 * real games. It has every shape the platform must handle:
 * - a simultaneous, sealed phase: every seat commits a secret number 1..9 (hidden until all have);
 * - a sequential phase: seats take turns adding 1 or 2 to a shared counter;
 * - per-seat hidden cards dealt from a seeded shuffle (a seat sees only its own);
 * - a game end with scores.
 */
import * as z from 'zod/mini';
import type { Game, LogEntry, Seat, Viewer } from '#shared/engine/game.js';
import { fail, ok } from '#shared/engine/game.js';
import { type Rng, seedRng, shuffle } from '#shared/engine/random.js';

export const secretSumsOptions = z.strictObject({ target: z._default(z.int().check(z.minimum(3), z.maximum(50)), 10) });
export type SecretSumsOptions = z.infer<typeof secretSumsOptions>;

export const secretSumsMove = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('commit'), secret: z.int().check(z.minimum(1), z.maximum(9)) }),
  z.strictObject({ kind: z.literal('add'), amount: z.union([z.literal(1), z.literal(2)]) }),
]);
export type SecretSumsMove = z.infer<typeof secretSumsMove>;

export interface SecretSumsState {
  readonly seats: number;
  readonly target: number;
  readonly phase: 'commit' | 'count' | 'over';
  readonly secrets: readonly (number | null)[];
  /** Each seat's private hand: card ids "c17" etc. Hidden from the other seats. */
  readonly hands: readonly (readonly string[])[];
  readonly counter: number;
  readonly turn: Seat;
  readonly rng: Rng;
}

export type SecretSumsEvent =
  | { type: 'committed'; seat: Seat; secret: number }
  | { type: 'revealed'; secrets: number[] }
  | { type: 'added'; seat: Seat; amount: number; counter: number }
  | { type: 'ended'; winner: Seat };

export const secretSums: Game<SecretSumsState, SecretSumsMove, SecretSumsOptions, SecretSumsEvent> = {
  id: 'secret-sums',
  name: 'Secret sums (test game)',
  minSeats: 2,
  maxSeats: 4,
  options: secretSumsOptions,
  move: secretSumsMove,

  setup(seats, options, seed) {
    const deck = Array.from({ length: 40 }, (_, i) => `c${i}`);
    const [shuffled, rng] = shuffle(seedRng(seed), deck);
    return {
      seats,
      target: options.target,
      phase: 'commit',
      secrets: Array.from({ length: seats }, () => null),
      hands: Array.from({ length: seats }, (_, s) => shuffled.slice(s * 3, s * 3 + 3)),
      counter: 0,
      turn: 0,
      rng,
    };
  },

  apply(state, seat, move) {
    if (state.phase === 'over') return fail('game-over', 'The game is over.');
    if (move.kind === 'commit') {
      if (state.phase !== 'commit') return fail('wrong-phase', 'Secrets are already revealed.');
      if (state.secrets[seat] !== null) return fail('already-committed', 'You have already committed a secret.');
      const secrets = state.secrets.map((s, i) => (i === seat ? move.secret : s));
      const events: SecretSumsEvent[] = [{ type: 'committed', seat, secret: move.secret }];
      const all = secrets.every((s) => s !== null);
      if (all) events.push({ type: 'revealed', secrets: secrets as number[] });
      return ok({ state: { ...state, secrets, phase: all ? 'count' : 'commit' }, events });
    }
    if (state.phase !== 'count') return fail('wrong-phase', 'Everyone must commit a secret first.');
    if (seat !== state.turn) return fail('not-your-turn', 'It is not your turn.');
    const counter = state.counter + move.amount;
    const events: SecretSumsEvent[] = [{ type: 'added', seat, amount: move.amount, counter }];
    if (counter >= state.target) {
      events.push({ type: 'ended', winner: seat });
      return ok({ state: { ...state, counter, phase: 'over' }, events });
    }
    return ok({ state: { ...state, counter, turn: (seat + 1) % state.seats }, events });
  },

  legalMoves(state, seat) {
    if (state.phase === 'commit') {
      return state.secrets[seat] === null ? Array.from({ length: 9 }, (_, i) => ({ kind: 'commit' as const, secret: i + 1 })) : [];
    }
    if (state.phase === 'count' && seat === state.turn) {
      return [
        { kind: 'add', amount: 1 },
        { kind: 'add', amount: 2 },
      ];
    }
    return [];
  },

  view(state, viewer: Viewer) {
    const revealed = state.phase !== 'commit';
    return {
      phase: state.phase,
      target: state.target,
      counter: state.counter,
      turn: state.turn,
      secrets: state.secrets.map((s, i) => (revealed || i === viewer ? s : s === null ? null : 'hidden')),
      hand: viewer === null ? null : state.hands[viewer],
      handSizes: state.hands.map((h) => h.length),
    };
  },

  viewEvent(event, viewer): LogEntry | null {
    switch (event.type) {
      case 'committed':
        return event.seat === viewer
          ? { type: event.type, seat: event.seat, text: `{${event.seat}} committed ${event.secret}.` }
          : { type: event.type, seat: event.seat, text: `{${event.seat}} committed a secret.` };
      case 'revealed':
        return { type: event.type, text: `Secrets revealed: ${event.secrets.join(', ')}.`, data: event.secrets };
      case 'added':
        return { type: event.type, seat: event.seat, text: `{${event.seat}} added ${event.amount} (now ${event.counter}).` };
      case 'ended':
        return { type: event.type, seat: event.winner, text: `{${event.winner}} reached the target.` };
    }
  },

  toAct(state) {
    if (state.phase === 'commit') return state.secrets.flatMap((s, i) => (s === null ? [i] : []));
    if (state.phase === 'count') return [state.turn];
    return [];
  },

  result(state) {
    if (state.phase !== 'over') return null;
    const winner = state.turn; // the seat that reached the target; the turn does not pass on at the end
    return {
      winners: [winner],
      scores: state.secrets.map((s, i) => (i === winner ? state.counter : (s ?? 0))),
      summary: `{${winner}} wins.`,
    };
  },

  rebaseable(state, _seat, move) {
    return move.kind === 'commit' && state.phase === 'commit';
  },

  defaultMove(state, seat) {
    const moves = this.legalMoves(state, seat);
    return moves[0] ?? null;
  },
};
