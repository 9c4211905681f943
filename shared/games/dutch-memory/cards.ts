/**
 * The 52 cards of a standard deck as plain data, and the two tables of card values.
 *
 * Card ids are `<rank><suit>`: `AS`, `7H`, `10D`, `KC` (suits C, D, H, S). An id names the same
 * physical card for the whole match; the deck is reshuffled between rounds but never grows.
 */

export const SUITS = ['C', 'D', 'H', 'S'] as const;
export type Suit = (typeof SUITS)[number];

export const SUIT_NAMES: Readonly<Record<Suit, string>> = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = { C: '♣', D: '♦', H: '♥', S: '♠' };

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export type Rank = (typeof RANKS)[number];

export type CardId = `${Rank}${Suit}`;

/** Every card id, in a fixed order (the order `setup` shuffles from). */
export const ALL_CARDS: readonly CardId[] = SUITS.flatMap((suit) => RANKS.map((rank): CardId => `${rank}${suit}`));

export interface CardInfo {
  readonly rank: Rank;
  readonly suit: Suit;
  readonly red: boolean;
}

/**
 * Each card's place in `ALL_CARDS` (0–51) is read off its characters: suit × 13 + rank, both by
 * character code. Everything else about a card is in tables indexed by that number (an object with
 * 52 computed keys would be a slow dictionary).
 */
const codeTable = (chars: readonly string[]): readonly number[] => {
  const table = Array.from({ length: 128 }, () => -1);
  chars.forEach((c, i) => {
    table[c.charCodeAt(0)] = i;
  });
  return table;
};
/** Ranks by their one character ("10", the only longer one, is handled apart). */
const RANK_CODES = codeTable(RANKS.map((r) => (r === '10' ? '' : r)));
const SUIT_CODES = codeTable(SUITS);
const TEN = RANKS.indexOf('10');

/** The card's place in `ALL_CARDS`, or -1 for anything that is not a card id. */
function indexOf(id: string): number {
  let rank = -1;
  if (id.length === 2) rank = RANK_CODES[id.charCodeAt(0)] ?? -1;
  else if (id.length === 3 && id.charCodeAt(0) === 49 && id.charCodeAt(1) === 48) rank = TEN; // "10"
  const suit = SUIT_CODES[id.charCodeAt(id.length - 1)] ?? -1;
  return rank < 0 || suit < 0 ? -1 : suit * RANKS.length + rank;
}

const INFO: readonly CardInfo[] = ALL_CARDS.map((id) => {
  const suit = id.slice(-1) as Suit;
  const rank = id.slice(0, -1) as Rank;
  return Object.freeze({ rank, suit, red: suit === 'D' || suit === 'H' });
});

/** The card's place in `ALL_CARDS`; throws on anything that is not a card id. */
export function cardIndex(id: string): number {
  const i = typeof id === 'string' ? indexOf(id) : -1;
  if (i < 0) throw new Error(`unknown card ${id}`);
  return i;
}

export function cardInfo(id: string): CardInfo {
  return INFO[cardIndex(id)] as CardInfo;
}

export function isCardId(id: string): id is CardId {
  return typeof id === 'string' && indexOf(id) >= 0;
}

export const rankOf = (id: string): Rank => cardInfo(id).rank;

/**
 * Does `card` match `on` for a snap? Same rank; Kings also need the same colour, since a red and a
 * black King are worth different points under both tables.
 */
export function snapMatches(card: string, on: string): boolean {
  const a = cardInfo(card);
  const b = cardInfo(on);
  return a.rank === b.rank && (a.rank !== 'K' || a.red === b.red);
}

/** "7♥", "K♠": how a card is written in log lines. */
export function cardLabel(id: string): string {
  const { rank, suit } = cardInfo(id);
  return `${rank}${SUIT_SYMBOLS[suit]}`;
}

/**
 * The two ways the rule sets count points. Suits matter only for kings: red kings are worth 0,
 * black kings are the worst card in the deck.
 */
export const VALUE_TABLES = ['bench', 'marmot'] as const;
export type ValueTable = (typeof VALUE_TABLES)[number];

interface ValueRow {
  readonly ace: number;
  readonly jack: number;
  readonly queen: number;
  readonly redKing: number;
  readonly blackKing: number;
}

export const VALUE_ROWS: Readonly<Record<ValueTable, ValueRow>> = {
  // bench rules: "Jacks, Queens" are 10, black kings 13.
  bench: { ace: 1, jack: 10, queen: 10, redKing: 0, blackKing: 13 },
  // Marmot/Tamalou rules: Jack 11, Queen 12, black kings 20.
  marmot: { ace: 1, jack: 11, queen: 12, redKing: 0, blackKing: 20 },
};

function valueFrom(row: ValueRow, info: CardInfo): number {
  switch (info.rank) {
    case 'A':
      return row.ace;
    case 'J':
      return row.jack;
    case 'Q':
      return row.queen;
    case 'K':
      return info.red ? row.redKing : row.blackKing;
    default:
      return Number(info.rank);
  }
}

/** Points of every card under each table, by place in `ALL_CARDS`, computed once. */
const BENCH_VALUES: readonly number[] = INFO.map((info) => valueFrom(VALUE_ROWS.bench, info));
const MARMOT_VALUES: readonly number[] = INFO.map((info) => valueFrom(VALUE_ROWS.marmot, info));

/** A face-up card as views and reveals show it. */
export interface CardFace {
  readonly id: CardId;
  readonly rank: Rank;
  readonly suit: Suit;
  readonly value: number;
}

const facesOf = (values: readonly number[]): readonly CardFace[] =>
  ALL_CARDS.map((id, i) => {
    const { rank, suit } = INFO[i] as CardInfo;
    return Object.freeze({ id, rank, suit, value: values[i] as number });
  });
const BENCH_FACES = facesOf(BENCH_VALUES);
const MARMOT_FACES = facesOf(MARMOT_VALUES);

/** The face of a card under a value table: one shared, frozen object per card and table. */
export function cardFace(table: ValueTable, id: CardId): CardFace {
  return (table === 'bench' ? BENCH_FACES : MARMOT_FACES)[cardIndex(id)] as CardFace;
}

/*
 * The same facts by card number (place in `ALL_CARDS`), as the state keeps cards: plain array
 * lookups, no parsing of ids.
 */

/** Rank by card number, as its place in `RANKS` (0 = Ace … 9 = Ten, 10 = Jack, 11 = Queen, 12 = King). */
export const RANK_AT: readonly number[] = ALL_CARDS.map((_, i) => i % RANKS.length);
export const ACE_RANK = 0;
export const JACK_RANK = RANKS.indexOf('J');
export const QUEEN_RANK = RANKS.indexOf('Q');
const KING_RANK = RANKS.indexOf('K');
const RED_AT: readonly boolean[] = INFO.map((info) => info.red);

export function valuesOf(table: ValueTable): readonly number[] {
  return table === 'bench' ? BENCH_VALUES : MARMOT_VALUES;
}

export function faceAt(table: ValueTable, card: number): CardFace {
  return (table === 'bench' ? BENCH_FACES : MARMOT_FACES)[card] as CardFace;
}

/** `snapMatches` by card number. */
export function snapMatchesAt(card: number, on: number): boolean {
  const rank = RANK_AT[card] as number;
  return rank === RANK_AT[on] && (rank !== KING_RANK || RED_AT[card] === RED_AT[on]);
}
