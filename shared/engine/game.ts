/**
 * The contract every game implements. The platform (functions/) runs any game through this
 * interface alone and knows nothing else about it.
 *
 * Rules of the road:
 * - `apply` is pure and deterministic: no clock, no Math.random, never mutates its input.
 *   Everything it needs (including the server's clock, when a rule depends on time) arrives
 *   as arguments, and the platform records those arguments in the move log so a match replays.
 * - `view` and `viewEvent` are the only doors out: whatever a player's browser or a
 *   notification receives has passed through one of them for that seat.
 * - Randomness comes from `./random.ts`, whose state lives inside the game state and never
 *   appears in a view.
 */

/** Seats are numbered 0..n-1 in turn order. `null` stands for a spectator. */
export type Seat = number;
export type Viewer = Seat | null;

/** A broken rule: `code` is stable (tests and clients switch on it), `message` is for people. */
/**
 * Words for people, without the words: a catalog key (shared/i18n: `game.<id>.log.<type>`,
 * `game.<id>.error.<code>`, `game.<id>.outcome.<kind>`…) and its parameters. Engines never hold
 * wording in a language; the page and the server put the words in (shared/i18n/render.ts `say`).
 */
export interface Words {
  readonly key: string;
  readonly params?: Params;
}
/** A seat, shown as its player's name (replaces the old `{0}` text placeholders). */
export interface SeatRef {
  readonly seat: Seat;
}
/** A nested word, rendered first: a card's or a province's name, a phase… */
export type KeyRef = Words;
/** A list of things, shown as one ("Ann, Bob and Cy") in the language shown. */
export interface ListRef {
  readonly list: readonly Param[];
  /**
   * Nouns of one kind, said by key: each plain item is the words `${each}.${item}` (`{list: ['red-2',
   * 'blue-5'], each: 'game.dutch-auction.card'}`), so a long list of cards does not repeat its prefix.
   */
  readonly each?: string;
}
export type Param = string | number | SeatRef | KeyRef | ListRef;
export type Params = Readonly<Record<string, Param>>;

/**
 * A move the rules refuse: a stable `code` (the API passes it on; tests and pages switch on it) and
 * the words saying why (`key`, `params`). `message` is the English of engines not yet moved to keys.
 */
export interface RuleError {
  readonly code: string;
  readonly key?: string;
  readonly params?: Params;
  readonly message?: string;
}

export type Result<T, E = RuleError> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const fail = (code: string, message: string): Result<never> => ({
  ok: false,
  error: { code, message },
});

/**
 * A game's rule errors, typed by its closed list of codes (`ERROR_CODES` in the game's errors.ts):
 * `ruleError` builds one as a value (for checks that `apply` and `legalMoves` share), `fail` as the
 * refused result `apply` returns. A code outside the list does not compile.
 */
export function ruleErrors<const C extends readonly string[]>(_codes: C, prefix?: string) {
  type Code = C[number];
  // With a `prefix` (`game.<id>.error`), words are keys: `ruleError(code, params?, key?)`, the key
  // `${prefix}.${code}` unless one code has several reasons (then `key` names the one meant).
  // Without, the English message (engines not yet moved to keys).
  const make = (code: Code, words?: string | Params, key?: string): RuleError & { readonly code: Code } =>
    typeof words === 'string' ? { code, message: words } : { code, key: key ?? `${prefix}.${code}`, ...(words ? { params: words } : {}) };
  return {
    ruleError: make,
    fail: (code: Code, words?: string | Params, key?: string): Result<never> => ({ ok: false, error: make(code, words, key) }),
  };
}

/** What the server passes into `apply` besides the move. Recorded with every move. */
export interface MoveContext {
  /** Server time in ms since the epoch. Rules that care about time (snap windows) read it here. */
  readonly now: number;
}

export interface Applied<S, E> {
  readonly state: S;
  /** What happened, for the log. Each event leaves the server only through `viewEvent`. */
  readonly events: readonly E[];
  /**
   * Something shown once to the acting seat only, in the response to this move, and never
   * logged (e.g. the face of a card the player just peeked at, when the memory aid is off).
   */
  readonly reveal?: unknown;
}

/**
 * A log line as one viewer may see it: its words as `key` and `params` (seats as `SeatRef`s; the
 * page and the server put the players' names in). `text` is the English of lines not yet moved to
 * keys, naming seats as `{0}`, `{1}`….
 */
export interface LogEntry {
  readonly type: string;
  readonly key?: string;
  readonly params?: Params;
  readonly text?: string;
  readonly seat?: Seat;
  readonly data?: unknown;
}

export interface Outcome {
  /** Seats that won (several on a shared win). Empty when nobody won (e.g. everyone resigned). */
  readonly winners: readonly Seat[];
  /** Final score per seat, when the game keeps score. */
  readonly scores?: readonly number[];
  /** The result in words (see `Words`), e.g. `game.<id>.outcome.<kind>`. */
  readonly key?: string;
  readonly params?: Params;
  /** The result in English with `{n}` seat placeholders: matches that ended before the words moved to keys. */
  readonly summary?: string;
  /** Game-specific breakdown (e.g. points per suit), already safe for everyone to see. */
  readonly details?: unknown;
}

/** Structural schema type: a zod schema fits it, but the engine does not depend on zod. */
export interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}

export interface GameInfo {
  readonly id: string;
  readonly name: string;
  readonly minSeats: number;
  readonly maxSeats: number;
}

export interface Game<S = unknown, M = unknown, O = unknown, E = unknown> extends GameInfo {
  /** Match options (editions, variants, rule presets). Parsed before `setup`. */
  readonly options: Schema<O>;
  /** The move union. Parsed before `apply`. */
  readonly move: Schema<M>;

  setup(seats: number, options: O, seed: string): S;
  apply(state: S, seat: Seat, move: M, ctx: MoveContext): Result<Applied<S, E>>;
  /** Every legal move for `seat` now; finite. Empty when the seat may not act. */
  legalMoves(state: S, seat: Seat): M[];
  /** What `viewer` may see. JSON-serialisable. Never holds hidden card ids, the seed or the PRNG. */
  view(state: S, viewer: Viewer): unknown;
  /** A logged event as `viewer` may see it, or null when it shows that viewer nothing. */
  viewEvent(event: E, viewer: Viewer): LogEntry | null;
  /** Seats that must act now (several during simultaneous phases). Empty when the game is over. */
  toAct(state: S): Seat[];
  /** The outcome once the game is over, otherwise null. */
  result(state: S): Outcome | null;
  /**
   * May this move, sent against an older version, be applied to the current state instead of
   * being refused as stale? True for moves whose meaning does not depend on what others did in
   * between: sealed bids in a simultaneous phase, snaps. The platform re-reads and re-applies.
   */
  rebaseable?(state: S, seat: Seat, move: M): boolean;
  /**
   * The move made for a seat whose turn deadline passed (e.g. pass, draw and discard).
   * null means the game has none at this point and the seat forfeits.
   */
  defaultMove?(state: S, seat: Seat): M | null;
  /**
   * What a replay may show once the match is over. 'own' (the default): each viewer replays only what
   * they could see at the time. 'every-seat': anyone who could read the match may also replay it as any
   * seat saw it (`view(state, seat)` at each version: hands, sealed choices), for games where nothing
   * hidden still matters after the end. The seed and deck order are never in a view, so never in a replay.
   */
  readonly replayAfterEnd?: 'own' | 'every-seat';
  /**
   * The form two states are compared in (a replay's check against the stored state), for a game whose
   * state can hold the same match in more than one form: one stored before a change of representation,
   * a shuffle carried out only as cards are drawn. Without it, the state's JSON is compared as it is.
   */
  canonical?(state: S): unknown;
  /**
   * May `seat` take this move back (undo) now that it has been applied? True only when undoing it
   * hides nothing that was shown and nobody else could have acted on it (Board Game Arena's rule):
   * the same seat is still to act in the same turn (or, in a simultaneous phase, nothing anyone else
   * decides can depend on it, e.g. a sealed bid before the bids are shown), and the move drew or
   * revealed nothing hidden (no card seen, no PRNG used, no `reveal`). Absent: no move is undoable.
   * The platform also refuses an undo when `applied.reveal` is set or the game ended, and undoes by
   * restoring the state from before the move, so a game needs no inverse moves.
   */
  undoable?(before: S, after: S, seat: Seat, move: M, applied: Applied<S, E>): boolean;
  /**
   * For a match that allows undo requests: did this move, which ended the seat's turn, show nothing
   * hidden (no card seen or drawn, no PRNG, no `reveal`)? Then its player may ask the others to take the
   * whole turn back, up to its last undoable stretch, until anyone acts again. Absent: never.
   */
  revealsNothing?(before: S, after: S, seat: Seat, move: M, applied: Applied<S, E>): boolean;
}

/** The PRNG state was not advanced between two states (nothing was drawn or shuffled): an undo hides no chance. */
export function sameRng(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A game whose type parameters have been forgotten, as the platform holds it. */
// biome-ignore lint/suspicious/noExplicitAny: Game is invariant in its parameters (they appear in both argument and result positions), so no other type lets every concrete game be assigned here.
export type AnyGame = Game<any, any, any, any>;
