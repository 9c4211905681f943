/**
 * The match options and the move union, as zod schemas (the only file of this game that uses zod).
 * The platform parses untrusted input with these before `apply` sees it; `apply` then checks
 * everything that depends on the state (which cards are where, whose turn it is, the edition).
 * Built on first use (`lazily`), not at import: a cold start of the API builds no schema it does not need.
 */
import * as z from 'zod/mini';
import { lazily } from '../../engine/lazy.js';
import { ALL_CARD_IDS, EDITIONS, POWERS, SOURCES, SUITS } from './cards.js';

const schemas = lazily(() => {
  const dutchAuctionOptions = z.strictObject({
    /** 'current' is the published game; '2018' is the earlier prototype edition. */
    edition: z._default(z.enum(EDITIONS), 'current'),
  });

  const cardId = z.enum(ALL_CARD_IDS as [string, ...string[]]);

  /**
   * Phases 1 and 2 in one sealed move: the card set aside on top of one's personal deck, and the
   * bid. Current edition: the bid is every other card in hand. 2018 edition: any of the other
   * cards (up to four); those not bid stay in hand to be played for their power in phase 3.
   * `setAside` is null only when the hand is empty. `round`, when given, must be the current
   * round: it stops a commit sent during an earlier round from landing in a later one.
   */
  const commitMove = z.strictObject({
    kind: z.literal('commit'),
    setAside: z.nullable(cardId),
    bid: z.array(cardId).check(z.maxLength(10)),
    round: z.optional(z.int().check(z.minimum(1))),
  });

  /**
   * Activate a power card in one's bid (the 2018 edition's "offering"). `target` is the card acted
   * on: the card cashed in, re-suited, taken, stolen or duplicated. `from` names the pile of a
   * "take"; `suit` the new suit of a "change-suit". Neither may be given for other powers.
   */
  const powerMove = z.strictObject({
    kind: z.literal('power'),
    card: cardId,
    power: z.enum(POWERS),
    target: cardId,
    from: z.optional(z.enum(SOURCES)),
    suit: z.optional(z.enum(SUITS)),
  });

  /** 2018 edition only: put a power card kept back in hand into one's offering, ready to activate. */
  const playMove = z.strictObject({ kind: z.literal('play'), card: cardId });

  /** Buy the display card at position `slot` (cost = slot) with exactly `slot` cards of one's bid. */
  const purchaseMove = z.strictObject({
    kind: z.literal('purchase'),
    slot: z.int().check(z.minimum(1), z.maximum(6)),
    pay: z.array(cardId).check(z.maxLength(6)),
  });

  /** End one's phase 3. */
  const doneMove = z.strictObject({ kind: z.literal('done') });

  const dutchAuctionMove = z.discriminatedUnion('kind', [commitMove, powerMove, playMove, purchaseMove, doneMove]);
  return { dutchAuctionOptions, commitMove, powerMove, playMove, purchaseMove, dutchAuctionMove };
});
type Schemas = ReturnType<typeof schemas>;

export const dutchAuctionOptions = (): Schemas['dutchAuctionOptions'] => schemas().dutchAuctionOptions;
export const dutchAuctionMove = (): Schemas['dutchAuctionMove'] => schemas().dutchAuctionMove;
export type DutchAuctionOptions = z.infer<Schemas['dutchAuctionOptions']>;
export type DutchAuctionMove = z.infer<Schemas['dutchAuctionMove']>;
export type CommitMove = z.infer<Schemas['commitMove']>;
export type PowerMove = z.infer<Schemas['powerMove']>;
export type PlayMove = z.infer<Schemas['playMove']>;
export type PurchaseMove = z.infer<Schemas['purchaseMove']>;
