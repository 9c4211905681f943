/**
 * The nouns of The Dutch Golden Age as catalog words (`Words`: a key and its params), for log lines,
 * rule errors and results — the engine keeps no wording of its own. The words themselves are in
 * shared/i18n/games/golden-age (`game.golden-age.province.<id>`, `.colour.<colour>`, `.card.<kind>`,
 * `.guild.<colour>`, `.action.<colour>`, `.deck.<deck>`, `.deck-card.<deck>`,
 * `.place.*`, `.box.*`, `.money`); the board uses the same keys.
 */
import type { KeyRef, ListRef, SeatRef } from '../../engine/game.js';
import { type DeckId, type GuildColour, type ProvinceId, TRACK, WEST_INDIES_BOX } from './board.js';
import { card } from './cards.js';
import type { MarkerPlace } from './moves.js';

/** The prefix of every key of this game. */
export const WORDS = 'game.golden-age';

/** half-guilders per guilder (as rules.ts `H`; kept here so the nouns need nothing from the rules) */
const HALVES = 2;

export const seatRef = (seat: number): SeatRef => ({ seat });

/** A province by name. */
export const provinceWords = (id: ProvinceId): KeyRef => ({ key: `${WORDS}.province.${id}` });

/** A guild with its article (the guild): a word of its own, as languages inflect the colour. */
export const guildWords = (colour: GuildColour): KeyRef => ({ key: `${WORDS}.guild.${colour}` });

/** A colour's special action with its article ("the green action"). */
export const actionWords = (colour: GuildColour): KeyRef => ({ key: `${WORDS}.action.${colour}` });

/**
 * An amount of money, given in half-guilders: "½ guilder", "1 guilder", "2½ guilders". The catalog
 * gets the whole guilders and whether a half is left as numbers (ICU cannot divide).
 */
export const money = (halves: number): KeyRef => ({
  key: `${WORDS}.money`,
  params: { whole: Math.floor(halves / HALVES), half: halves % HALVES },
});

/** A card by what it is (never by its id, which says nothing to a player): "4-point painting", "governor of Holland". */
export function cardWords(id: string): KeyRef {
  const c = card(id);
  if (c.kind === 'painting') return { key: `${WORDS}.card.painting`, params: { vp: c.vp } };
  if (c.kind === 'governor') return { key: `${WORDS}.card.governor`, params: { province: provinceWords(c.province) } };
  return { key: `${WORDS}.card.${c.kind}` };
}

/** Several cards as one list ("ship, captain and cannon"). */
export const cardList = (ids: readonly string[]): ListRef => ({ list: ids.map(cardWords) });

/** A deck by its name ("culture"). */
export const deckWords = (deck: DeckId): KeyRef => ({ key: `${WORDS}.deck.${deck}` });

/** One card of a deck, unseen: "a culture (grey) card". */
export const deckCardWords = (deck: DeckId): KeyRef => ({ key: `${WORDS}.deck-card.${deck}` });

/** Where a marker stands: a province, "the green guild", "the West Indies", "East Indies box 3". */
export function placeWords(p: MarkerPlace): KeyRef {
  if (p.at === 'province') return provinceWords(p.province);
  if (p.at === 'guild') return guildWords(p.colour);
  return p.box === WEST_INDIES_BOX ? { key: `${WORDS}.place.west-indies` } : { key: `${WORDS}.place.east-indies`, params: { box: p.box } };
}

/** A box of the province track with what it shows: "box 7 (merchant, governor of Holland)". */
export function boxWords(box: number): KeyRef {
  const b = TRACK[box]!;
  if (b.kind === 'willem') return { key: `${WORDS}.box.willem`, params: { box } };
  if (b.kind === 'merchant') return { key: `${WORDS}.box.merchant`, params: { box, province: provinceWords(b.governorOf) } };
  return { key: `${WORDS}.box.provinces`, params: { box, a: provinceWords(b.provinces[0]), b: provinceWords(b.provinces[1]) } };
}
