/**
 * What one viewer may see, and the log as that viewer reads it.
 *
 * Face-down cards are shown as backs (`card: null`) with the public fact of who has seen them.
 * With the memory aid on, a seat also sees the faces of the cards it has legitimately seen;
 * without it, faces reach a seat only once, in the `reveal` of the move that showed them.
 * Every viewer reads the same log: events carry public facts only (the one hidden card, that of
 * a late snap, is left out of the log line).
 */
import type { LogEntry, Outcome, Param, Params, Seat, Viewer } from '../../engine/game.js';
import { cardFace, faceAt, type CardFace } from './cards.js';
import { current, seenList, type PlainState } from './plain.js';
import { layoutOf, type Rules } from './presets.js';
import { result, toAct } from './rules.js';
import {
  EMPTY,
  hasSeen,
  slotCard,
  type Card,
  type DutchMemoryEvent,
  type DutchMemoryState,
  type PowerName,
  type RoundRecord,
  type Step,
} from './state.js';
import { cardsWords, cardWords, seatRef, whoseParams } from './words.js';

export interface SlotView {
  /** Seats that have legitimately seen this card (public: the table saw them look). */
  readonly seenBy: readonly Seat[];
  /** The face, only for a viewer who has seen it with the memory aid on, or once the game is over. */
  readonly card: CardFace | null;
}

export interface SnapWindowView {
  /** The top discard can be snapped right now (no one has covered, taken or snapped it). */
  readonly open: boolean;
  /** Its serial: send it as `on` in a snap move. */
  readonly on: number | null;
  readonly card: CardFace | null;
  /** Server time (ms) the card landed. */
  readonly since: number | null;
  /**
   * With a minimum snap window: covered discards that may still be snapped until `until` (server
   * ms). A page compares with the clock and offers them while the time lasts.
   */
  readonly covered: readonly { readonly on: number; readonly card: CardFace; readonly until: number }[];
}

export interface DutchMemoryView {
  readonly game: 'dutch-memory';
  readonly rules: Rules;
  readonly layout: 'grid' | 'row';
  readonly viewer: Viewer;
  readonly seats: number;
  readonly phase: 'look' | 'play' | 'over';
  readonly round: number;
  readonly dealer: Seat;
  /** Whose turn it is during play (even while someone else resolves a power). */
  readonly turn: Seat | null;
  readonly step: Step | null;
  readonly toAct: readonly Seat[];
  readonly looked: readonly boolean[];
  /** Per seat, per position: null for an empty position. */
  readonly benches: readonly (readonly (SlotView | null)[])[];
  readonly deckCount: number;
  readonly discard: { readonly count: number; readonly top: CardFace | null };
  /** A card drawn and not yet placed: its face only for the seat holding it. */
  readonly held: { readonly seat: Seat; readonly card: CardFace | null } | null;
  readonly snap: SnapWindowView;
  /** Powers (and give-backs) waiting, first to resolve first. */
  readonly pending: readonly {
    readonly seat: Seat;
    readonly kind: PowerName | 'give-back';
    readonly card: CardFace | null;
    readonly to: Seat | null;
  }[];
  readonly caller: Seat | null;
  /** After a Dutch call: seats still due their last turn, in order (the current one first). */
  readonly finalTurns: readonly Seat[];
  /** The caller's bonus or penalty cards from the round just counted. */
  readonly aside: readonly CardFace[];
  readonly totals: readonly number[];
  /** Score sheets of the finished rounds, all cards face up. */
  readonly rounds: readonly RoundRecord[];
  readonly result: Outcome | null;
}

export function view(stored: DutchMemoryState | PlainState, viewer: Viewer): DutchMemoryView {
  const state = current(stored);
  const rules = state.rules;
  const face = (card: Card) => faceAt(rules.cardValues, card);
  const over = state.phase === 'over';
  const benches = state.benches.map((bench) =>
    bench.map((slot) => {
      if (slot === EMPTY) return null;
      const visible = over || (rules.memoryAid && viewer !== null && hasSeen(slot, viewer));
      return { seenBy: seenList(slot), card: visible ? face(slotCard(slot)) : null };
    }),
  );
  const top = state.pile[state.pile.length - 1] ?? null;
  const playing = state.phase === 'play';
  const covered: { on: number; card: CardFace; until: number }[] = [];
  if (playing && rules.snapWindowMs > 0 && top) {
    for (let i = state.pile.length - 2; i >= 0; i--) {
      const p = state.pile[i]!;
      if (p.at + rules.snapWindowMs <= top.at) break;
      if (!p.closed) covered.push({ on: p.serial, card: face(p.card), until: p.at + rules.snapWindowMs });
    }
  }
  const held =
    playing && state.turn.held !== null ? { seat: state.turn.seat, card: viewer === state.turn.seat ? face(state.turn.held) : null } : null;
  return {
    game: 'dutch-memory',
    rules,
    layout: layoutOf(rules),
    viewer,
    seats: state.seats,
    phase: state.phase,
    round: state.round,
    dealer: state.dealer,
    turn: playing ? state.turn.seat : null,
    step: playing ? state.turn.step : null,
    toAct: toAct(state),
    looked: state.looked,
    benches,
    deckCount: state.deck.length,
    discard: { count: state.pile.length, top: top ? face(top.card) : null },
    held,
    snap: {
      open: playing && top !== null && !top.closed,
      on: top ? top.serial : null,
      card: top ? face(top.card) : null,
      since: top ? top.at : null,
      covered,
    },
    pending: state.pending.map((p) => ({
      seat: p.seat,
      kind: p.kind,
      card: p.kind === 'give-back' ? null : face(p.card),
      to: p.kind === 'give-back' ? p.to : null,
    })),
    caller: state.caller,
    finalTurns: finalTurns(state),
    aside: state.aside.map((id) => cardFace(rules.cardValues, id)),
    totals: state.totals,
    rounds: state.history,
    result: result(state),
  };
}

function finalTurns(state: DutchMemoryState): Seat[] {
  if (state.phase !== 'play' || state.caller === null) return [];
  const out: Seat[] = [];
  let s = state.turn.step === 'done' ? (state.turn.seat + 1) % state.seats : state.turn.seat;
  while (s !== state.caller && out.length < state.seats) {
    out.push(s);
    s = (s + 1) % state.seats;
  }
  return out;
}

// ------------------------------------------------------------------ the log

// Log lines are words (`game.dutch-memory.log.<type>[.<variant>]`, shared/i18n/games/dutch-memory):
// seats as SeatRefs, cards as their label's words (words.ts), positions 1-based.
const line = (type: DutchMemoryEvent['type'], key: string, params: Params, rest?: { seat?: Seat; data?: unknown }): LogEntry => ({
  type,
  key: `game.dutch-memory.log.${key}`,
  params,
  ...rest,
});

export function viewEvent(event: DutchMemoryEvent, _viewer: Viewer): LogEntry | null {
  const at = (slot: number) => slot + 1;
  switch (event.type) {
    case 'round-started':
      return line(event.type, event.type, { round: event.round, dealer: seatRef(event.dealer) }, { seat: event.dealer });
    case 'looked':
      return line(
        event.type,
        event.type,
        { seat: seatRef(event.seat), a: at(event.slots[0] ?? 0), b: at(event.slots[1] ?? 0) },
        { seat: event.seat, data: { slots: event.slots } },
      );
    case 'opening-discard':
      return line(event.type, event.type, { card: cardWords(event.card) }, { data: { card: event.card } });
    case 'drew':
      return line(event.type, event.type, { seat: seatRef(event.seat) }, { seat: event.seat });
    case 'discarded':
      return line(
        event.type,
        event.type,
        { seat: seatRef(event.seat), card: cardWords(event.card) },
        { seat: event.seat, data: { card: event.card } },
      );
    case 'exchanged':
      return line(
        event.type,
        event.took ? 'exchanged.pile' : 'exchanged.deck',
        {
          seat: seatRef(event.seat),
          position: at(event.slot),
          card: cardWords(event.discarded),
          ...(event.took ? { took: cardWords(event.took) } : {}),
        },
        { seat: event.seat, data: { slot: event.slot, discarded: event.discarded, took: event.took } },
      );
    case 'called-dutch':
      return line(
        event.type,
        event.automatic ? 'called-dutch.automatic' : 'called-dutch',
        { seat: seatRef(event.seat) },
        { seat: event.seat },
      );
    case 'power':
      return line(
        event.type,
        `power.${event.power}`,
        { seat: seatRef(event.seat), card: cardWords(event.card) },
        { seat: event.seat, data: { power: event.power, card: event.card } },
      );
    case 'peeked':
      return line(
        event.type,
        event.type,
        { seat: seatRef(event.seat), ...whoseParams(event.at.seat, event.seat), position: at(event.at.slot) },
        { seat: event.seat, data: { at: event.at } },
      );
    case 'swapped':
      return line(
        event.type,
        event.type,
        {
          seat: seatRef(event.seat),
          ...whoseParams(event.a.seat, event.seat, 'a'),
          a: at(event.a.slot),
          ...whoseParams(event.b.seat, event.seat, 'b'),
          b: at(event.b.slot),
        },
        { seat: event.seat, data: { a: event.a, b: event.b } },
      );
    case 'gave':
      return line(
        event.type,
        event.type,
        { seat: seatRef(event.seat), to: seatRef(event.to), position: at(event.slot) },
        { seat: event.seat, data: { to: event.to, slot: event.slot } },
      );
    case 'gave-back':
      return line(
        event.type,
        event.type,
        { seat: seatRef(event.seat), to: seatRef(event.to), from: at(event.from), position: at(event.slot) },
        { seat: event.seat, data: { to: event.to, from: event.from, slot: event.slot } },
      );
    case 'skipped':
      return line(event.type, `skipped.${event.what}`, { seat: seatRef(event.seat) }, { seat: event.seat });
    default:
      return viewSnapAndEndEvent(event);
  }
}

type SnapAndEndEvent = Extract<
  DutchMemoryEvent,
  { type: 'snapped' | 'snap-failed' | 'penalty' | 'replaced' | 'reshuffled' | 'round-ended' | 'game-ended' }
>;

function viewSnapAndEndEvent(event: SnapAndEndEvent): LogEntry {
  switch (event.type) {
    case 'snapped':
      return line(
        event.type,
        event.type,
        {
          seat: seatRef(event.seat),
          ...whoseParams(event.owner, event.seat),
          card: cardWords(event.card),
          position: event.slot + 1,
          on: cardWords(event.on),
        },
        { seat: event.seat, data: { owner: event.owner, slot: event.slot, card: event.card, on: event.on } },
      );
    case 'snap-failed': {
      const data = { owner: event.owner, slot: event.slot, why: event.why, card: event.why === 'wrong' ? event.card : null };
      const on = event.on ? cardWords(event.on) : null;
      if (event.why === 'wrong') {
        const params = {
          seat: seatRef(event.seat),
          ...whoseParams(event.owner, event.seat),
          position: event.slot + 1,
          card: cardWords(event.card),
          on: on ?? { key: 'game.dutch-memory.card.discard' },
        };
        return line(event.type, 'snap-failed.wrong', params, { seat: event.seat, data });
      }
      return on
        ? line(event.type, 'snap-failed.late', { seat: seatRef(event.seat), on }, { seat: event.seat, data })
        : line(event.type, 'snap-failed.late.taken', { seat: seatRef(event.seat) }, { seat: event.seat, data });
    }
    case 'penalty':
      return event.slot === null
        ? line(event.type, 'penalty.none', { seat: seatRef(event.seat) }, { seat: event.seat })
        : line(event.type, event.type, { seat: seatRef(event.seat), position: event.slot + 1 }, { seat: event.seat });
    case 'replaced':
      return line(
        event.type,
        event.type,
        { seat: seatRef(event.seat), position: event.slot + 1 },
        { seat: event.seat, data: { slot: event.slot } },
      );
    case 'reshuffled':
      return line(event.type, event.type, { cards: event.cards });
    case 'round-ended':
      return line(event.type, event.type, roundEndParams(event), { data: event.record });
    case 'game-ended':
      return line(
        event.type,
        event.winners.length === 1 ? 'game-ended' : 'game-ended.shared',
        event.winners.length === 1 ? { winner: seatRef(event.winners[0] as Seat) } : { winners: { list: event.winners.map(seatRef) } },
        { data: { winners: event.winners, totals: event.totals } },
      );
  }
}

/**
 * A round's end in one line: why it ended, who emptied their bench, how the Dutch caller fared (with
 * the bonus or penalty cards drawn) and every seat's score and total (a chain of `round-ended.score`
 * lines joined by `round-ended.more`).
 */
function roundEndParams(event: Extract<DutchMemoryEvent, { type: 'round-ended' }>): Params {
  const r = event.record;
  const scores = r.scores.map(
    (s, seat): Param => ({
      key: 'game.dutch-memory.log.round-ended.score',
      params: { seat: seatRef(seat), score: s, total: r.totals[seat] ?? 0 },
    }),
  );
  const joined = scores.reduceRight((rest, score) => ({ key: 'game.dutch-memory.log.round-ended.more', params: { score, rest } }));
  const withCards = r.callerCards.length > 0;
  const call = r.caller === null ? 'none' : r.callerLowest ? (withCards ? 'bonus' : 'lowest') : withCards ? 'penalty' : 'higher';
  return {
    round: event.round,
    reason: event.reason === 'bench-emptied' ? 'emptied' : event.reason,
    emptied: event.emptied === null ? 'no' : 'yes',
    ...(event.emptied === null ? {} : { emptier: seatRef(event.emptied) }),
    call,
    ...(r.caller === null ? {} : { caller: seatRef(r.caller) }),
    ...(withCards ? { cards: cardsWords(r.callerCards), delta: (r.callerLowest ? -r.callerDelta : r.callerDelta) || 0 } : {}),
    scores: joined,
  };
}
