/**
 * The match options and the move union, as zod schemas (the only file of this game that uses zod).
 * The platform parses untrusted input with these before `apply` sees it; `apply` then checks
 * everything that depends on the state (whose turn it is, which positions hold cards, the rules).
 */
import * as z from 'zod';
import {
  CALLER_LOWEST,
  CALLER_NOT_LOWEST,
  CALLER_TIES,
  EMPTY_BENCH,
  JACK_POWERS,
  PRESETS,
  QUEEN_POWERS,
  resolveRules,
  TIE_BREAKS,
} from './rules.js';
import { VALUE_TABLES } from './cards.js';

/**
 * A preset plus optional overrides; parses into fully resolved `Rules` (see rules.ts). `{}` is the
 * standard game: the bench rules with the memory aid on and no minimum snap window.
 */
export const dutchMemoryOptions = z
  .object({
    preset: z.enum(PRESETS).default('bench').describe('Rule set: bench (2×2 bench, take from the pile) or marmot (Marmot/Tamalou)'),
    drawFromDiscard: z.boolean().optional().describe('A turn may take the top discard instead of drawing'),
    openingDiscard: z.boolean().optional().describe('The dealer turns up a first discard'),
    acePower: z.boolean().optional().describe('A discarded Ace gives another player a card from the deck'),
    queenPower: z.enum(QUEEN_POWERS).optional().describe('A discarded Queen lets you look at any one card'),
    jackPower: z.enum(JACK_POWERS).optional().describe('A discarded Jack swaps two cards: between two players, anywhere, or not at all'),
    cardValues: z.enum(VALUE_TABLES).optional().describe('bench: J/Q 10, black K 13; marmot: J 11, Q 12, black K 20'),
    callerLowest: z.enum(CALLER_LOWEST).optional().describe('A lowest Dutch caller gets nothing more, or a bonus card off their score'),
    callerNotLowest: z.enum(CALLER_NOT_LOWEST).optional().describe('A Dutch caller who is not lowest takes a card per player at or below them, one card, or nothing'),
    callerTies: z.enum(CALLER_TIES).optional().describe('A tie with the Dutch caller counts against or for the caller'),
    penaltyCards: z.number().int().min(0).max(3).optional().describe('Penalty cards for a wrong or late snap'),
    penaltyCardSeen: z.boolean().optional().describe('The penalised player sees their penalty card'),
    emptyBench: z.enum(EMPTY_BENCH).optional().describe('No cards left: Dutch is called for you at your turn, or you win the round at once'),
    /** Capped so that the score sheets of even a very long match keep the state well under 50 KB. */
    endScore: z.number().int().min(1).max(500).optional().describe('The game ends after the round in which a total reaches this'),
    tieBreak: z.enum(TIE_BREAKS).optional().describe('Equal lowest totals: lower final round wins, or a shared win'),
    snapOthers: z.boolean().optional().describe('Optional bench rule: snap matching cards from other players'),
    lastQueenExtends: z.boolean().optional().describe('Optional bench rule: a Queen in the last final turn sends the final turns round again'),
    memoryAid: z.boolean().optional().describe('Keep the faces of the cards you have seen visible to you (default on)'),
    /** At most a week: longer would let a snap land long after everyone moved on. */
    snapWindowMs: z.number().int().min(0).max(604_800_000).optional().describe('Minimum snap window in ms: a snap this soon after a discard counts even if it was covered'),
  })
  .strict()
  .transform((o) => resolveRules(o));
export type DutchMemoryOptionsInput = z.input<typeof dutchMemoryOptions>;

const seat = z.number().int().min(0).max(7);
/** Positions never run past the 52 cards of the deck. */
const slot = z.number().int().min(0).max(51);
const position = z.object({ seat, slot }).strict();

/** Start of a round: look at two of one's own four cards (everyone at once). */
export const lookMove = z.object({ kind: z.literal('look'), slots: z.tuple([slot, slot]) }).strict();
/** Start of a turn: draw the top card of the deck and look at it. */
export const drawMove = z.object({ kind: z.literal('draw') }).strict();
/** Start of a turn: draw and discard the card at once (the move made when a deadline passes). */
export const drawAndDiscardMove = z.object({ kind: z.literal('draw-and-discard') }).strict();
/** With a drawn card: put it face down at `slot`; the card that was there goes face up on the pile. */
export const exchangeMove = z.object({ kind: z.literal('exchange'), slot }).strict();
/** With a drawn card: put it face up on the discard pile. */
export const discardMove = z.object({ kind: z.literal('discard') }).strict();
/** Start of a turn (when the rules allow it): take the top discard into `slot`, discarding the card there. */
export const takeDiscardMove = z.object({ kind: z.literal('take-discard'), slot }).strict();
/** Start of a turn: call Dutch; everyone else then has one last turn. */
export const callDutchMove = z.object({ kind: z.literal('call-dutch') }).strict();
/** Queen's power: look at the card at `at`. */
export const peekMove = z.object({ kind: z.literal('peek'), at: position }).strict();
/** Jack's power: swap the cards at `a` and `b` without looking at them. */
export const swapMove = z.object({ kind: z.literal('swap'), a: position, b: position }).strict();
/** Ace's power: give the top card of the deck, face down, to seat `to`. */
export const giveMove = z.object({ kind: z.literal('give'), to: seat }).strict();
/** After snapping someone else's card (optional rule): hand them one of one's own cards from `slot`. */
export const giveBackMove = z.object({ kind: z.literal('give-back'), slot }).strict();
/** Decline the pending power (or the give-back) at the front of the queue. */
export const skipMove = z.object({ kind: z.literal('skip') }).strict();
/**
 * Snap the card at `slot` (of one's own bench, or of `owner`'s with the optional rule) onto the
 * discard numbered `on` (the `serial` the view shows for the top discard). Naming the discard is
 * what lets a snap that raced another one be re-applied later and judged late.
 */
export const snapMove = z
  .object({ kind: z.literal('snap'), on: z.number().int().min(0), slot, owner: seat.optional() })
  .strict();

export const dutchMemoryMove = z.discriminatedUnion('kind', [
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
export type DutchMemoryMove = z.infer<typeof dutchMemoryMove>;
export type Position = z.infer<typeof position>;
