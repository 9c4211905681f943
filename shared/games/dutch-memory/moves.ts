/**
 * The match options and the move union, as zod schemas (the only file of this game that uses zod).
 * The platform parses untrusted input with these before `apply` sees it; `apply` then checks
 * everything that depends on the state (whose turn it is, which positions hold cards, the rules).
 * Built on first use (`lazily`), not at import: a cold start of the API builds no schema it does not need.
 */
import * as z from 'zod/mini';
import { lazily } from '../../engine/lazy.js';
import {
  CALLER_LOWEST,
  CALLER_NOT_LOWEST,
  CALLER_TIES,
  EMPTY_BENCH,
  FIRST_DEALERS,
  JACK_POWERS,
  OTHERS_SNAP,
  PRESETS,
  QUEEN_POWERS,
  resolveRules,
  TIE_BREAKS,
} from './presets.js';
import { VALUE_TABLES } from './cards.js';

/** zod/mini has no `.describe()`: the description goes into the global registry, where z.toJSONSchema finds it. */
function described<T extends z.ZodMiniType>(schema: T, description: string): T {
  z.globalRegistry.add(schema, { description });
  return schema;
}

const schemas = lazily(() => {
  /**
   * A preset plus optional overrides; parses into fully resolved `Rules` (see presets.ts). `{}` is the
   * standard game: the bench rules with the memory aid on and a 24-hour minimum snap window.
   */
  const dutchMemoryOptions = z.pipe(
    z.strictObject({
      preset: described(z._default(z.enum(PRESETS), 'bench'), 'Rule set: bench (2×2 bench, take from the pile) or marmot (Marmot/Tamalou)'),
      drawFromDiscard: described(z.optional(z.boolean()), 'A turn may take the top discard instead of drawing'),
      openingDiscard: described(z.optional(z.boolean()), 'The dealer turns up a first discard'),
      acePower: described(z.optional(z.boolean()), 'A discarded Ace gives another player a card from the deck'),
      queenPower: described(z.optional(z.enum(QUEEN_POWERS)), 'A discarded Queen lets you look at any one card'),
      jackPower: described(
        z.optional(z.enum(JACK_POWERS)),
        'A discarded Jack swaps two cards: between two players, anywhere, or not at all',
      ),
      cardValues: described(z.optional(z.enum(VALUE_TABLES)), 'bench: J/Q 10, black K 13; marmot: J 11, Q 12, black K 20'),
      callerLowest: described(
        z.optional(z.enum(CALLER_LOWEST)),
        'A lowest Dutch caller gets nothing more, or a bonus card off their score',
      ),
      callerNotLowest: described(
        z.optional(z.enum(CALLER_NOT_LOWEST)),
        'A Dutch caller who is not lowest takes a card per player at or below them, one card, or nothing',
      ),
      callerTies: described(z.optional(z.enum(CALLER_TIES)), 'A tie with the Dutch caller counts against or for the caller'),
      penaltyCards: described(z.optional(z.int().check(z.minimum(0), z.maximum(3))), 'Penalty cards for a wrong or late snap'),
      penaltyCardSeen: described(z.optional(z.boolean()), 'The penalised player sees their penalty card'),
      emptyBench: described(
        z.optional(z.enum(EMPTY_BENCH)),
        'No cards left: Dutch is called for you at your turn, or you win the round at once',
      ),
      /** Capped so that the score sheets of even a very long match keep the state well under 50 KB. */
      endScore: described(
        z.optional(z.int().check(z.minimum(1), z.maximum(500))),
        'The game ends after the round in which a total reaches this',
      ),
      tieBreak: described(z.optional(z.enum(TIE_BREAKS)), 'Equal lowest totals: lower final round wins, or a shared win'),
      snapOthers: described(z.optional(z.boolean()), 'Snap matching cards from other players (Marmot: on; bench: an optional rule)'),
      othersSnap: described(
        z.optional(z.enum(OTHERS_SNAP)),
        "After snapping another player's card: the snapper may hand them a card (wrong: double penalty), or the owner takes a replacement and a penalty card",
      ),
      firstDealer: described(z.optional(z.enum(FIRST_DEALERS)), 'Who deals the first round: the last seat, or a seat drawn at random'),
      lastQueenExtends: described(
        z.optional(z.boolean()),
        'Optional bench rule: a Queen in the last final turn sends the final turns round again',
      ),
      memoryAid: described(z.optional(z.boolean()), 'Keep the faces of the cards you have seen visible to you (default on)'),
      /** At most a week: longer would let a snap land long after everyone moved on. */
      snapWindowMs: described(
        z.optional(z.int().check(z.minimum(0), z.maximum(604_800_000))),
        'Minimum snap window in ms: a snap this soon after a discard counts even if it was covered',
      ),
    }),
    z.transform((o) => resolveRules(o)),
  );

  const seat = z.int().check(z.minimum(0), z.maximum(7));
  /** Positions never run past the 52 cards of the deck. */
  const slot = z.int().check(z.minimum(0), z.maximum(51));
  const position = z.strictObject({ seat, slot });

  /** Start of a round: look at two of one's own four cards (everyone at once). */
  const lookMove = z.strictObject({ kind: z.literal('look'), slots: z.tuple([slot, slot]) });
  /** Start of a turn: draw the top card of the deck and look at it. */
  const drawMove = z.strictObject({ kind: z.literal('draw') });
  /** Start of a turn: draw and discard the card at once (the move made when a deadline passes). */
  const drawAndDiscardMove = z.strictObject({ kind: z.literal('draw-and-discard') });
  /** With a drawn card: put it face down at `slot`; the card that was there goes face up on the pile. */
  const exchangeMove = z.strictObject({ kind: z.literal('exchange'), slot });
  /** With a drawn card: put it face up on the discard pile. */
  const discardMove = z.strictObject({ kind: z.literal('discard') });
  /** Start of a turn (when the rules allow it): take the top discard into `slot`, discarding the card there. */
  const takeDiscardMove = z.strictObject({ kind: z.literal('take-discard'), slot });
  /** Start of a turn: call Dutch; everyone else then has one last turn. */
  const callDutchMove = z.strictObject({ kind: z.literal('call-dutch') });
  /** Queen's power: look at the card at `at`. */
  const peekMove = z.strictObject({ kind: z.literal('peek'), at: position });
  /** Jack's power: swap the cards at `a` and `b` without looking at them. */
  const swapMove = z.strictObject({ kind: z.literal('swap'), a: position, b: position });
  /** Ace's power: give the top card of the deck, face down, to seat `to`. */
  const giveMove = z.strictObject({ kind: z.literal('give'), to: seat });
  /** After snapping someone else's card (optional rule): hand them one of one's own cards from `slot`. */
  const giveBackMove = z.strictObject({ kind: z.literal('give-back'), slot });
  /** Decline the pending power (or the give-back) at the front of the queue. */
  const skipMove = z.strictObject({ kind: z.literal('skip') });
  /**
   * Snap the card at `slot` (of one's own bench, or of `owner`'s with the optional rule) onto the
   * discard numbered `on` (the `serial` the view shows for the top discard). Naming the discard is
   * what lets a snap that raced another one be re-applied later and judged late.
   */
  const snapMove = z.strictObject({ kind: z.literal('snap'), on: z.int().check(z.minimum(0)), slot, owner: z.optional(seat) });

  const dutchMemoryMove = z.discriminatedUnion('kind', [
    lookMove,
    drawMove,
    drawAndDiscardMove,
    exchangeMove,
    discardMove,
    takeDiscardMove,
    callDutchMove,
    peekMove,
    swapMove,
    giveMove,
    giveBackMove,
    skipMove,
    snapMove,
  ]);
  return { dutchMemoryOptions, position, dutchMemoryMove };
});
type Schemas = ReturnType<typeof schemas>;

export const dutchMemoryOptions = (): Schemas['dutchMemoryOptions'] => schemas().dutchMemoryOptions;
export const dutchMemoryMove = (): Schemas['dutchMemoryMove'] => schemas().dutchMemoryMove;
export type DutchMemoryOptionsInput = z.input<Schemas['dutchMemoryOptions']>;
export type DutchMemoryMove = z.infer<Schemas['dutchMemoryMove']>;
export type Position = z.infer<Schemas['position']>;
