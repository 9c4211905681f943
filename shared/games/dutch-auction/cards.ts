/**
 * The 40 cards of Dutch, per edition, as plain data. All four suits are identical apart from
 * their colour, so a suit's ten cards are described once per edition and multiplied by SUITS.
 *
 * Card ids are `<suit>-<rank>`: `blue-1` … `blue-8`, `blue-P1`, `blue-P2` in the current edition,
 * `blue-1` … `blue-10` in the 2018 edition. An id means the same physical card all game long.
 */
import type { KeyRef, ListRef } from '../../engine/game.js';

export const SUITS = ['green', 'red', 'pink', 'blue'] as const;
export type Suit = (typeof SUITS)[number];

export const EDITIONS = ['current', '2018'] as const;
export type Edition = (typeof EDITIONS)[number];

/** Every power a card can perform, in either edition. */
export const POWERS = ['cash-in', 'change-suit', 'take', 'steal', 'duplicate'] as const;
export type PowerName = (typeof POWERS)[number];

/** Piles a "take" power may draw from. */
export const SOURCES = ['auction-discards', 'personal-discards', 'display'] as const;
export type Source = (typeof SOURCES)[number];

interface RankData {
  readonly rank: string;
  readonly bid: number;
  readonly vp: number;
  /** Powers this card may perform when activated (empty: a plain bidding card). */
  readonly powers: readonly PowerName[];
  /** Where its "take" power may draw from (empty when it has no take power). */
  readonly takeFrom: readonly Source[];
}

/** Current edition, per suit: 1-bid … 8-bid, then two power cards bidding 0. */
export const CURRENT_RANKS: readonly RankData[] = [
  { rank: '1', bid: 1, vp: 8, powers: [], takeFrom: [] },
  { rank: '2', bid: 2, vp: 7, powers: [], takeFrom: [] },
  { rank: '3', bid: 3, vp: 6, powers: [], takeFrom: [] },
  { rank: '4', bid: 4, vp: 5, powers: [], takeFrom: [] },
  { rank: '5', bid: 5, vp: 4, powers: [], takeFrom: [] },
  { rank: '6', bid: 6, vp: 3, powers: [], takeFrom: [] },
  { rank: '7', bid: 7, vp: 2, powers: [], takeFrom: [] },
  { rank: '8', bid: 8, vp: 1, powers: [], takeFrom: [] },
  {
    rank: 'P1',
    bid: 0,
    vp: 0,
    powers: ['cash-in', 'change-suit', 'take', 'steal'],
    takeFrom: ['auction-discards', 'personal-discards', 'display'],
  },
  {
    rank: 'P2',
    bid: 0,
    vp: 0,
    powers: ['cash-in', 'change-suit', 'take', 'steal'],
    takeFrom: ['auction-discards', 'personal-discards', 'display'],
  },
];

/** 2018 edition, per suit: ten bidding cards; the 6 to 10 also carry one power each. */
export const PROTO_RANKS: readonly RankData[] = [
  { rank: '1', bid: 1, vp: 11, powers: [], takeFrom: [] },
  { rank: '2', bid: 2, vp: 7, powers: [], takeFrom: [] },
  { rank: '3', bid: 3, vp: 4, powers: [], takeFrom: [] },
  { rank: '4', bid: 4, vp: 2, powers: [], takeFrom: [] },
  { rank: '5', bid: 5, vp: 1, powers: [], takeFrom: [] },
  { rank: '6', bid: 6, vp: -1, powers: ['cash-in'], takeFrom: [] },
  { rank: '7', bid: 7, vp: -2, powers: ['duplicate'], takeFrom: [] },
  { rank: '8', bid: 8, vp: -4, powers: ['take'], takeFrom: ['auction-discards'] },
  { rank: '9', bid: 9, vp: -7, powers: ['take'], takeFrom: ['personal-discards'] },
  { rank: '10', bid: 10, vp: -11, powers: ['take'], takeFrom: ['personal-discards', 'auction-discards'] },
];

/** Every id that exists in some edition (the move schema accepts these; apply checks the edition). */
export const ALL_CARD_IDS: readonly string[] = (() => {
  const ranks = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'P1', 'P2'];
  return SUITS.flatMap((s) => ranks.map((r) => `${s}-${r}`));
})();

export type CardId = string;

export interface CardInfo {
  readonly id: CardId;
  readonly suit: Suit;
  readonly rank: string;
  readonly bid: number;
  readonly vp: number;
  readonly powers: readonly PowerName[];
  readonly takeFrom: readonly Source[];
  /** Position in the canonical sort (suit order, then rank order). */
  readonly order: number;
}

export interface EditionData {
  readonly edition: Edition;
  /** Cards dealt to each player's personal deck at set-up. */
  readonly personalDeck: number;
  /** Cards left for the auction deck at set-up (before the display is dealt from it). */
  readonly auctionDeck: number;
  readonly cards: readonly CardInfo[];
  readonly byId: Readonly<Record<CardId, CardInfo>>;
}

function buildEdition(edition: Edition, ranks: readonly RankData[], personalDeck: number): EditionData {
  const cards: CardInfo[] = [];
  SUITS.forEach((suit, si) => {
    ranks.forEach((r, ri) => {
      cards.push({ id: `${suit}-${r.rank}`, suit, order: si * 100 + ri, ...r });
    });
  });
  const byId: Record<CardId, CardInfo> = Object.create(null) as Record<CardId, CardInfo>;
  for (const c of cards) byId[c.id] = c;
  return { edition, personalDeck, auctionDeck: cards.length - 2 * personalDeck, cards, byId };
}

export const EDITION_DATA: Readonly<Record<Edition, EditionData>> = {
  current: buildEdition('current', CURRENT_RANKS, 9),
  '2018': buildEdition('2018', PROTO_RANKS, 8),
};

/** The display has six positions; the card at position n costs n cards. */
export const DISPLAY_SIZE = 6;
export const HAND_SIZE = 5;
/** 2018 edition: the bid is at most this many cards. */
export const MAX_BID_CARDS = 4;
/** 2018 edition: a suit held at least this many times scores this bonus. */
export const PROTO_SUIT_BONUS_COUNT = 6;
export const PROTO_SUIT_BONUS = 10;

// The rules look cards up several times per move: a Map per edition, chosen without a keyed
// lookup on the edition name, is the quickest way from an id to its data.
const CURRENT_BY_ID: ReadonlyMap<CardId, CardInfo> = new Map(EDITION_DATA.current.cards.map((c) => [c.id, c]));
const PROTO_BY_ID: ReadonlyMap<CardId, CardInfo> = new Map(EDITION_DATA['2018'].cards.map((c) => [c.id, c]));

/** The card's data, or undefined for an id that does not exist in the edition. */
export function findCard(edition: Edition, id: CardId): CardInfo | undefined {
  return (edition === 'current' ? CURRENT_BY_ID : PROTO_BY_ID).get(id);
}

/**
 * The printed suit of a card in play, read from its id (`<suit>-<rank>`; the four suits' initials
 * differ): the rules ask this of every card in a pile when listing "take" powers. Only for ids
 * known to exist (cards in the state); `cardInfo` checks an id.
 */
export function suitOf(id: CardId): Suit {
  switch (id.charCodeAt(0)) {
    case 103: // g
      return 'green';
    case 114: // r
      return 'red';
    case 112: // p
      return 'pink';
    default:
      return 'blue';
  }
}

/** Looks a card up; throws for ids of the other edition (a bug once moves are validated). */
export function cardInfo(edition: Edition, id: CardId): CardInfo {
  const info = (edition === 'current' ? CURRENT_BY_ID : PROTO_BY_ID).get(id);
  if (info === undefined) throw new Error(`no card ${id} in the ${edition} edition`);
  return info;
}

export function isCard(edition: Edition, id: CardId): boolean {
  return findCard(edition, id) !== undefined;
}

export function hasPower(edition: Edition, id: CardId): boolean {
  return cardInfo(edition, id).powers.length > 0;
}

/** Sorted copy: by suit (green, red, pink, blue), then by rank. */
export function sortCards(edition: Edition, ids: readonly CardId[]): CardId[] {
  const byId = EDITION_DATA[edition].byId;
  return ids.slice().sort((a, b) => (byId[a]?.order ?? 0) - (byId[b]?.order ?? 0));
}

/**
 * A card's name as words for the log and rule errors: its catalog key (`game.dutch-auction.card.<id>`,
 * "blue 5-bid", "red power card (P1)"). The id stays in the key, so the hidden-information tests
 * still see which card a line names.
 */
export const cardWords = (id: CardId): KeyRef => ({ key: `game.dutch-auction.card.${id}` });

/** Several cards as one list ("blue 5-bid, red 2-bid and …" in the language shown). */
export const cardList = (ids: readonly CardId[]): ListRef => ({ list: ids, each: 'game.dutch-auction.card' });

/** A suit's name (`game.dutch-auction.suit.<suit>`): "pink", "roze". */
export const suitWords = (suit: Suit): KeyRef => ({ key: `game.dutch-auction.suit.${suit}` });
