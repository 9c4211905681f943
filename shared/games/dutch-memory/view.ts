/**
 * What one viewer may see, and the log as that viewer reads it.
 *
 * Face-down cards are shown as backs (`card: null`) with the public fact of who has seen them.
 * With the memory aid on, a seat also sees the faces of the cards it has legitimately seen;
 * without it, faces reach a seat only once, in the `reveal` of the move that showed them.
 * Every viewer reads the same log: events carry public facts only (the one hidden card, that of
 * a late snap, is left out of the log line).
 */
import type { LogEntry, Outcome, Seat, Viewer } from '../../engine/game.js';
import { cardFace, cardLabel, type CardFace, type CardId } from './cards.js';
import { layoutOf, type Rules } from './presets.js';
import { result, toAct } from './rules.js';
import type { DutchMemoryEvent, DutchMemoryState, PowerName, RoundRecord, Step } from './state.js';

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

export function view(state: DutchMemoryState, viewer: Viewer): DutchMemoryView {
  const rules = state.rules;
  const face = (id: CardId) => cardFace(rules.cardValues, id);
  const over = state.phase === 'over';
  const benches = state.benches.map((bench) =>
    bench.map((b) => {
      if (!b) return null;
      const visible = over || (rules.memoryAid && viewer !== null && b.seenBy.includes(viewer));
      return { seenBy: b.seenBy, card: visible ? face(b.card) : null };
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
    playing && state.turn.held ? { seat: state.turn.seat, card: viewer === state.turn.seat ? face(state.turn.held) : null } : null;
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
    aside: state.aside.map(face),
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

const pos = (slot: number) => `position ${slot + 1}`;
const whose = (owner: Seat, seat: Seat) => (owner === seat ? 'their own' : `{${owner}}'s`);

const POWER_WORDS: Readonly<Record<PowerName, string>> = {
  peek: 'look at any one face-down card',
  swap: 'swap two face-down cards',
  give: 'give another player a card from the deck',
};

const END_WORDS = {
  dutch: 'after the final turns',
  'bench-emptied': 'because a player has no cards left',
  'deck-empty': 'because no card is left to draw',
} as const;

export function viewEvent(event: DutchMemoryEvent, _viewer: Viewer): LogEntry | null {
  switch (event.type) {
    case 'round-started':
      return { type: event.type, seat: event.dealer, text: `Round ${event.round}: {${event.dealer}} deals four cards to everyone.` };
    case 'looked':
      return {
        type: event.type,
        seat: event.seat,
        text: `{${event.seat}} looked at their cards in ${event.slots.map(pos).join(' and ')}.`,
        data: { slots: event.slots },
      };
    case 'opening-discard':
      return { type: event.type, text: `The first discard is the ${cardLabel(event.card)}.`, data: { card: event.card } };
    case 'drew':
      return { type: event.type, seat: event.seat, text: `{${event.seat}} drew a card from the deck.` };
    case 'discarded':
      return {
        type: event.type,
        seat: event.seat,
        text: `{${event.seat}} discarded the ${cardLabel(event.card)}.`,
        data: { card: event.card },
      };
    case 'exchanged':
      return {
        type: event.type,
        seat: event.seat,
        text: event.took
          ? `{${event.seat}} took the ${cardLabel(event.took)} from the pile into ${pos(event.slot)} and threw out the ${cardLabel(event.discarded)} that was there.`
          : `{${event.seat}} put the drawn card in ${pos(event.slot)} and threw out the ${cardLabel(event.discarded)} that was there.`,
        data: { slot: event.slot, discarded: event.discarded, took: event.took },
      };
    case 'called-dutch':
      return {
        type: event.type,
        seat: event.seat,
        text: event.automatic
          ? `{${event.seat}} has no cards left, so Dutch is called for them. Everyone else gets one last turn.`
          : `{${event.seat}} called Dutch! Everyone else gets one last turn.`,
      };
    case 'power':
      return {
        type: event.type,
        seat: event.seat,
        text: `The ${cardLabel(event.card)} lets {${event.seat}} ${POWER_WORDS[event.power]}.`,
        data: { power: event.power, card: event.card },
      };
    case 'peeked':
      return {
        type: event.type,
        seat: event.seat,
        text: `{${event.seat}} looked at ${whose(event.at.seat, event.seat)} card in ${pos(event.at.slot)}.`,
        data: { at: event.at },
      };
    case 'swapped':
      return {
        type: event.type,
        seat: event.seat,
        text: `{${event.seat}} swapped ${whose(event.a.seat, event.seat)} card in ${pos(event.a.slot)} with ${whose(event.b.seat, event.seat)} card in ${pos(event.b.slot)}.`,
        data: { a: event.a, b: event.b },
      };
    case 'gave':
      return {
        type: event.type,
        seat: event.seat,
        text: `{${event.seat}} gave {${event.to}} an unseen card from the deck (${pos(event.slot)}).`,
        data: { to: event.to, slot: event.slot },
      };
    case 'gave-back':
      return {
        type: event.type,
        seat: event.seat,
        text: `{${event.seat}} handed {${event.to}} their card from ${pos(event.from)} (now {${event.to}}'s ${pos(event.slot)}).`,
        data: { to: event.to, from: event.from, slot: event.slot },
      };
    case 'skipped':
      return {
        type: event.type,
        seat: event.seat,
        text:
          event.what === 'give-back' ? `{${event.seat}} kept all their cards.` : `{${event.seat}} chose not to ${POWER_WORDS[event.what]}.`,
      };
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
      return {
        type: event.type,
        seat: event.seat,
        text: `Snap! {${event.seat}} laid ${whose(event.owner, event.seat)} ${cardLabel(event.card)} from ${pos(event.slot)} on the ${cardLabel(event.on)}.`,
        data: { owner: event.owner, slot: event.slot, card: event.card, on: event.on },
      };
    case 'snap-failed':
      return {
        type: event.type,
        seat: event.seat,
        text:
          event.why === 'wrong'
            ? `{${event.seat}} tried to snap ${whose(event.owner, event.seat)} card in ${pos(event.slot)}, but the ${cardLabel(event.card)} does not match the ${event.on ? cardLabel(event.on) : 'discard'}. It goes back, and {${event.seat}} pays a penalty.`
            : `{${event.seat}} snapped too late: ${event.on ? `the ${cardLabel(event.on)}` : 'that discard'} was already covered, taken or snapped. {${event.seat}} pays a penalty.`,
        data: { owner: event.owner, slot: event.slot, why: event.why, card: event.why === 'wrong' ? event.card : null },
      };
    case 'penalty':
      return {
        type: event.type,
        seat: event.seat,
        text:
          event.slot === null
            ? `No card is left for {${event.seat}}'s penalty.`
            : `{${event.seat}} takes a penalty card, face down, in ${pos(event.slot)}.`,
      };
    case 'replaced':
      return {
        type: event.type,
        seat: event.seat,
        text: `{${event.seat}} takes a new card from the deck, face down, in ${pos(event.slot)} to replace the snapped one.`,
        data: { slot: event.slot },
      };
    case 'reshuffled':
      return {
        type: event.type,
        text: `The deck ran out: the discard pile below its top card was shuffled into a new deck of ${event.cards}.`,
      };
    case 'round-ended': {
      const r = event.record;
      const lines = r.scores.map((s, seat) => `{${seat}} ${s} (total ${r.totals[seat]})`).join(', ');
      const caller =
        r.caller === null
          ? ''
          : r.callerLowest
            ? ` {${r.caller}} called Dutch and was lowest${r.callerCards.length ? `: bonus card ${r.callerCards.map(cardLabel).join(' ')} takes off ${-r.callerDelta}` : ''}.`
            : ` {${r.caller}} called Dutch but was not lowest${r.callerCards.length ? `: penalty ${r.callerCards.map(cardLabel).join(' ')} adds ${r.callerDelta}` : ''}.`;
      const emptied = event.emptied === null ? '' : ` {${event.emptied}} got rid of every card.`;
      return {
        type: event.type,
        text: `Round ${event.round} is over ${END_WORDS[event.reason]}.${emptied}${caller} Scores: ${lines}.`,
        data: r,
      };
    }
    case 'game-ended':
      return {
        type: event.type,
        text:
          event.winners.length === 1
            ? `The game is over: {${event.winners[0]}} wins.`
            : `The game is over: ${event.winners.map((w) => `{${w}}`).join(' and ')} share the win.`,
        data: { winners: event.winners, totals: event.totals },
      };
  }
}
