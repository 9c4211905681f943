/**
 * Every physical card with a stable id, built from the deck make-up in `board.ts`.
 * Ids read like `investment-tulip-girl-3`, `culture-governor-holland`, `arts-6vp-2`.
 */
import { type CashKind, type ColonyKind, DECK_MAKEUP, type DeckId, DECKS, type ProvinceId } from './board.js';

export type CardInfo =
  | { readonly id: string; readonly deck: DeckId; readonly kind: 'governor'; readonly province: ProvinceId }
  | { readonly id: string; readonly deck: DeckId; readonly kind: 'windmill' }
  | { readonly id: string; readonly deck: DeckId; readonly kind: 'dice' }
  | { readonly id: string; readonly deck: DeckId; readonly kind: 'painting'; readonly vp: number; readonly payments: number }
  | { readonly id: string; readonly deck: DeckId; readonly kind: CashKind }
  | { readonly id: string; readonly deck: DeckId; readonly kind: ColonyKind };

export type CardKind = CardInfo['kind'];

function buildDeck(deck: DeckId): CardInfo[] {
  const cards: CardInfo[] = [];
  for (const entry of DECK_MAKEUP[deck] as readonly {
    kind: CardKind;
    count: number;
    province?: ProvinceId;
    vp?: number;
    payments?: number;
  }[]) {
    for (let i = 1; i <= entry.count; i++) {
      if (entry.kind === 'governor') {
        cards.push({ id: `${deck}-governor-${entry.province}`, deck, kind: 'governor', province: entry.province as ProvinceId });
      } else if (entry.kind === 'painting') {
        cards.push({
          id: `${deck}-${entry.vp}vp-${i}`,
          deck,
          kind: 'painting',
          vp: entry.vp as number,
          payments: entry.payments as number,
        });
      } else {
        cards.push({ id: `${deck}-${entry.kind}-${i}`, deck, kind: entry.kind } as CardInfo);
      }
    }
  }
  return cards;
}

/** The starting (unshuffled) content of each deck, as card ids. */
export const DECK_CARDS: Readonly<Record<DeckId, readonly string[]>> = Object.fromEntries(
  DECKS.map((d) => [d, buildDeck(d).map((c) => c.id)]),
) as unknown as Record<DeckId, readonly string[]>;

/** A Map, not an object: the rules look cards up several times per move, and an object with this many keys is slow to search. */
const CARD_TABLE: ReadonlyMap<string, CardInfo> = new Map(DECKS.flatMap((d) => buildDeck(d)).map((c) => [c.id, c]));

export const ALL_CARD_IDS: readonly string[] = DECKS.flatMap((d) => DECK_CARDS[d]);

/** Facts about a card by id; throws on an unknown id (that is a bug, never player input). */
export function card(id: string): CardInfo {
  const c = CARD_TABLE.get(id);
  if (c === undefined) throw new Error(`unknown card ${id}`);
  return c;
}

export function isCardId(id: string): boolean {
  return CARD_TABLE.has(id);
}

/** Cards a player keeps face up in front of them (everyone sees them). */
export function isPublicCard(id: string): boolean {
  const k = card(id).kind;
  return k === 'painting' || k === 'windmill' || k === 'governor';
}

/**
 * An English name for a card, only for the view's `CardView.name` that the board still reads; log
 * lines, errors and the board's words name cards by the catalog (words.ts `cardWords`,
 * `game.golden-age.card.<kind>`). To go once nothing reads `name`.
 */
export function cardName(id: string): string {
  const c = card(id);
  switch (c.kind) {
    case 'governor':
      return `governor of ${c.province[0]?.toUpperCase()}${c.province.slice(1)}`;
    case 'windmill':
      return 'windmill';
    case 'dice':
      return 'dice card';
    case 'painting':
      return `${c.vp}-point painting`;
    case 'tulip-girl':
      return 'tulip girl';
    case 'two-tulip-girls':
      return 'two tulip girls';
    case 'shipping-company':
      return 'shipping company';
    case 'spice-single':
      return 'single spice';
    case 'spice-pair':
      return 'spice pair';
    case 'spice-triple':
      return 'spice triple';
    case 'ship':
      return 'ship';
    case 'captain':
      return 'captain';
    case 'cannon':
      return 'cannon';
    case 'voc-joker':
      return 'VOC joker';
  }
}
