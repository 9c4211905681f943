/**
 * The Dutch Golden Age — ALL board, track, guild and deck data in one place.
 *
 * The printed rules name the pieces but leave the board to a picture. Every datum below is
 * labelled like its source (`shared/rules/dutch-golden-age-board.md`):
 *   KNOWN      — stated by the rules or by a public source (reviews, the designer's answers);
 *   ASSUMPTION — no public source found; the project's own choice, to be corrected here when a
 *                better source turns up. Nothing else in the engine hard-codes these facts.
 *   LAYOUT     — drawing coordinates only (for the web page); never a rule.
 *
 * Money in this module is in whole guilders as printed; the engine converts to half-guilders.
 */

// ---------------------------------------------------------------------------------------------
// Provinces and colours
// ---------------------------------------------------------------------------------------------

/** KNOWN: the five colours of the provinces and of the Guilds Chart columns. */
export const GUILD_COLOURS = ['green', 'yellow', 'brown', 'blue', 'grey'] as const;
export type GuildColour = (typeof GUILD_COLOURS)[number];

/** KNOWN: the ten provinces and their colours (two per colour). */
export const PROVINCES = [
  { id: 'holland', name: 'Holland', colour: 'green' },
  { id: 'limburg', name: 'Limburg', colour: 'green' },
  { id: 'brabant', name: 'Brabant', colour: 'yellow' },
  { id: 'groningen', name: 'Groningen', colour: 'yellow' },
  { id: 'utrecht', name: 'Utrecht', colour: 'brown' },
  { id: 'overijssel', name: 'Overijssel', colour: 'brown' },
  { id: 'zeeland', name: 'Zeeland', colour: 'blue' },
  { id: 'friesland', name: 'Friesland', colour: 'blue' },
  { id: 'vlaanderen', name: 'Vlaanderen', colour: 'grey' },
  { id: 'gelderland', name: 'Gelderland', colour: 'grey' },
] as const satisfies readonly { id: string; name: string; colour: GuildColour }[];

export const PROVINCE_IDS = [
  'holland',
  'limburg',
  'brabant',
  'groningen',
  'utrecht',
  'overijssel',
  'zeeland',
  'friesland',
  'vlaanderen',
  'gelderland',
] as const;
export type ProvinceId = (typeof PROVINCE_IDS)[number];

/**
 * ASSUMPTION: which provinces border each other, from the real geography of the historical
 * provinces (15 borders). Movement costs ½ guilder per province entered (KNOWN).
 */
export const BORDERS: readonly (readonly [ProvinceId, ProvinceId])[] = [
  ['holland', 'zeeland'],
  ['holland', 'utrecht'],
  ['holland', 'gelderland'],
  ['holland', 'brabant'],
  ['zeeland', 'brabant'],
  ['zeeland', 'vlaanderen'],
  ['utrecht', 'gelderland'],
  ['gelderland', 'overijssel'],
  ['gelderland', 'brabant'],
  ['gelderland', 'limburg'],
  ['overijssel', 'friesland'],
  ['overijssel', 'groningen'],
  ['friesland', 'groningen'],
  ['brabant', 'limburg'],
  ['brabant', 'vlaanderen'],
];

// ---------------------------------------------------------------------------------------------
// The province track (the Steward's path)
// ---------------------------------------------------------------------------------------------

export type TrackBox =
  | { readonly kind: 'willem' }
  | { readonly kind: 'merchant'; readonly governorOf: ProvinceId }
  | { readonly kind: 'provinces'; readonly provinces: readonly [ProvinceId, ProvinceId] };

/**
 * KNOWN: 54 boxes; one Willem III box, six merchant boxes, the rest show two provinces.
 * ASSUMPTION: the order below (box 0 = Willem III; merchants at 7, 15, 22, 30, 37, 45, each
 * depicting the governor of one province; the 45 province pairs once in round-robin order plus
 * two repeats at 52–53). The Steward moves towards higher numbers ("clockwise") and wraps.
 */
export const TRACK: readonly TrackBox[] = [
  { kind: 'willem' }, // 0
  { kind: 'provinces', provinces: ['holland', 'gelderland'] }, // 1
  { kind: 'provinces', provinces: ['limburg', 'vlaanderen'] }, // 2
  { kind: 'provinces', provinces: ['brabant', 'friesland'] }, // 3
  { kind: 'provinces', provinces: ['groningen', 'zeeland'] }, // 4
  { kind: 'provinces', provinces: ['utrecht', 'overijssel'] }, // 5
  { kind: 'provinces', provinces: ['holland', 'vlaanderen'] }, // 6
  { kind: 'merchant', governorOf: 'holland' }, // 7
  { kind: 'provinces', provinces: ['gelderland', 'friesland'] }, // 8
  { kind: 'provinces', provinces: ['limburg', 'zeeland'] }, // 9
  { kind: 'provinces', provinces: ['brabant', 'overijssel'] }, // 10
  { kind: 'provinces', provinces: ['groningen', 'utrecht'] }, // 11
  { kind: 'provinces', provinces: ['holland', 'friesland'] }, // 12
  { kind: 'provinces', provinces: ['vlaanderen', 'zeeland'] }, // 13
  { kind: 'provinces', provinces: ['gelderland', 'overijssel'] }, // 14
  { kind: 'merchant', governorOf: 'brabant' }, // 15
  { kind: 'provinces', provinces: ['limburg', 'utrecht'] }, // 16
  { kind: 'provinces', provinces: ['brabant', 'groningen'] }, // 17
  { kind: 'provinces', provinces: ['holland', 'zeeland'] }, // 18
  { kind: 'provinces', provinces: ['friesland', 'overijssel'] }, // 19
  { kind: 'provinces', provinces: ['vlaanderen', 'utrecht'] }, // 20
  { kind: 'provinces', provinces: ['gelderland', 'groningen'] }, // 21
  { kind: 'merchant', governorOf: 'utrecht' }, // 22
  { kind: 'provinces', provinces: ['limburg', 'brabant'] }, // 23
  { kind: 'provinces', provinces: ['holland', 'overijssel'] }, // 24
  { kind: 'provinces', provinces: ['zeeland', 'utrecht'] }, // 25
  { kind: 'provinces', provinces: ['friesland', 'groningen'] }, // 26
  { kind: 'provinces', provinces: ['vlaanderen', 'brabant'] }, // 27
  { kind: 'provinces', provinces: ['gelderland', 'limburg'] }, // 28
  { kind: 'provinces', provinces: ['holland', 'utrecht'] }, // 29
  { kind: 'merchant', governorOf: 'zeeland' }, // 30
  { kind: 'provinces', provinces: ['overijssel', 'groningen'] }, // 31
  { kind: 'provinces', provinces: ['zeeland', 'brabant'] }, // 32
  { kind: 'provinces', provinces: ['friesland', 'limburg'] }, // 33
  { kind: 'provinces', provinces: ['vlaanderen', 'gelderland'] }, // 34
  { kind: 'provinces', provinces: ['holland', 'groningen'] }, // 35
  { kind: 'provinces', provinces: ['utrecht', 'brabant'] }, // 36
  { kind: 'merchant', governorOf: 'vlaanderen' }, // 37
  { kind: 'provinces', provinces: ['overijssel', 'limburg'] }, // 38
  { kind: 'provinces', provinces: ['zeeland', 'gelderland'] }, // 39
  { kind: 'provinces', provinces: ['friesland', 'vlaanderen'] }, // 40
  { kind: 'provinces', provinces: ['holland', 'brabant'] }, // 41
  { kind: 'provinces', provinces: ['groningen', 'limburg'] }, // 42
  { kind: 'provinces', provinces: ['utrecht', 'gelderland'] }, // 43
  { kind: 'provinces', provinces: ['overijssel', 'vlaanderen'] }, // 44
  { kind: 'merchant', governorOf: 'limburg' }, // 45
  { kind: 'provinces', provinces: ['zeeland', 'friesland'] }, // 46
  { kind: 'provinces', provinces: ['holland', 'limburg'] }, // 47
  { kind: 'provinces', provinces: ['brabant', 'gelderland'] }, // 48
  { kind: 'provinces', provinces: ['groningen', 'vlaanderen'] }, // 49
  { kind: 'provinces', provinces: ['utrecht', 'friesland'] }, // 50
  { kind: 'provinces', provinces: ['overijssel', 'zeeland'] }, // 51
  { kind: 'provinces', provinces: ['brabant', 'vlaanderen'] }, // 52
  { kind: 'provinces', provinces: ['groningen', 'holland'] }, // 53
];

/** KNOWN: what the Steward's stop pays (guilders). */
export const PAYOUT = {
  /** per own movement token in a shown province */
  token: 1,
  /** per own influence marker in a shown province */
  marker: 2,
  /** to every player on a merchant box */
  merchant: 1,
  /** to every player on the Willem III box */
  willem: 3,
  /**
   * to the holder of a governor card whenever the Steward stops on a box that shows its
   * province. ASSUMPTION: a merchant box depicting that province's governor counts as showing it.
   */
  governor: 1,
} as const;

// ---------------------------------------------------------------------------------------------
// Guilds Chart, colonies, costs
// ---------------------------------------------------------------------------------------------

/**
 * KNOWN: each of the five columns has 8 boxes; the first marker costs 3, each takeover 1 more
 * (3 … 10). When the holder leaves, the column is empty and costs 3 again.
 */
export const GUILD_PRICES = [3, 4, 5, 6, 7, 8, 9, 10] as const;

/**
 * KNOWN: colony boxes numbered 2–7; 2–6 (East Indies) hold one marker each, 7 (West Indies) any
 * number. ASSUMPTION: the number is the guilders paid for a spice card through that colony.
 */
export const COLONY_BOXES = [
  { box: 2, indies: 'east', capacity: 1, spicePrice: 2 },
  { box: 3, indies: 'east', capacity: 1, spicePrice: 3 },
  { box: 4, indies: 'east', capacity: 1, spicePrice: 4 },
  { box: 5, indies: 'east', capacity: 1, spicePrice: 5 },
  { box: 6, indies: 'east', capacity: 1, spicePrice: 6 },
  { box: 7, indies: 'west', capacity: null, spicePrice: 7 },
] as const;
export type ColonyBox = (typeof COLONY_BOXES)[number]['box'];
export const WEST_INDIES_BOX = 7;

/** KNOWN: special action costs in guilders. */
export const COSTS = {
  /** draw the top card of a colour's deck */
  card: 3,
  /** a new movement token from the reserve (green) */
  token: 5,
  /** one payment to a painter (brown) */
  painter: 1,
  /** moving a movement token into an adjacent province (½ guilder) — in half-guilders */
  moveHalves: 1,
} as const;

/** KNOWN: set-up and victory. */
export const START = { guilders: 10, tokens: 5, markers: 6, setupTokens: 2, setupTokensPerProvince: 2 } as const;
export const TARGET_POINTS = 33;

/** KNOWN: victory points (section 9). Money: 1 point per 10 guilders held. */
export const POINTS = {
  token: 1,
  provinceMarker: 4,
  eastIndiesMarker: 5,
  westIndiesMarker: 6,
  guildMarker: 0,
  windmill: 2,
  governor: 1,
  guildersPerPoint: 10,
} as const;

/**
 * ASSUMPTION: the money supply. The component list names 60 coins of ½, 1 and 5 guilders
 * without the mix; the project takes a finite bank of 300 guilders in all (players' starting
 * money included), ample for normal play, so that "the bank never goes negative" is checkable.
 */
export const MONEY_SUPPLY_GUILDERS = 300;

// ---------------------------------------------------------------------------------------------
// Decks. KNOWN: deck sizes culture 27, arts 22, investment 21, spices 21, colony 19 (110).
// ---------------------------------------------------------------------------------------------

export const DECKS = ['culture', 'arts', 'investment', 'spices', 'colony'] as const;
export type DeckId = (typeof DECKS)[number];

/** KNOWN: the colour of each deck's backs. */
export const DECK_COLOUR: Readonly<Record<DeckId, string>> = {
  culture: 'grey',
  arts: 'brown',
  investment: 'yellow',
  spices: 'orange',
  colony: 'blue',
};

/** Cash-in sets (KNOWN kinds for investment; ASSUMPTION for the spice kinds and all spice values). */
export const CASH_SETS = [
  // KNOWN: one tulip girl → 5; two "two girls" → 12; three shipping companies → 20.
  { set: 'tulip-girl', kind: 'tulip-girl', size: 1, pays: 5 },
  { set: 'two-tulip-girls', kind: 'two-tulip-girls', size: 2, pays: 12 },
  { set: 'shipping-company', kind: 'shipping-company', size: 3, pays: 20 },
  // ASSUMPTION: spices work like investments with a higher return.
  { set: 'spice-single', kind: 'spice-single', size: 1, pays: 7 },
  { set: 'spice-pair', kind: 'spice-pair', size: 2, pays: 16 },
  { set: 'spice-triple', kind: 'spice-triple', size: 3, pays: 27 },
] as const;
export type CashSet = (typeof CASH_SETS)[number]['set'];
export type CashKind = (typeof CASH_SETS)[number]['kind'];

export const COLONY_KINDS = ['ship', 'captain', 'cannon', 'voc-joker'] as const;
export type ColonyKind = (typeof COLONY_KINDS)[number];

/**
 * Deck make-up. Every entry is `count` identical cards.
 * - culture: KNOWN 27 cards and that its duplicates are investment and colony cards only
 *   (designer's answer). ASSUMPTION: 10 governors (one per province), 6 windmills, 3 dice cards,
 *   4 investment duplicates (1 tulip girl, 1 two-girls, 2 shipping companies) and
 *   4 colony duplicates (ship, captain, cannon, VOC joker).
 * - arts: ASSUMPTION VP 3/4/5/6/7/8 × 5/5/4/4/2/2; payments = VP − 2 (KNOWN: 6 VP needs 4).
 * - investment: ASSUMPTION 6 tulip girls, 6 two-girls, 9 shipping companies.
 * - spices: ASSUMPTION 6 singles, 6 pairs, 9 triples.
 * - colony: ASSUMPTION 6 ships, 5 captains, 5 cannons, 3 VOC jokers.
 */
export const DECK_MAKEUP = {
  culture: [
    ...PROVINCE_IDS.map((province) => ({ kind: 'governor' as const, province, count: 1 })),
    { kind: 'windmill' as const, count: 6 },
    { kind: 'dice' as const, count: 3 },
    { kind: 'tulip-girl' as const, count: 1 },
    { kind: 'two-tulip-girls' as const, count: 1 },
    { kind: 'shipping-company' as const, count: 2 },
    { kind: 'ship' as const, count: 1 },
    { kind: 'captain' as const, count: 1 },
    { kind: 'cannon' as const, count: 1 },
    { kind: 'voc-joker' as const, count: 1 },
  ],
  arts: [
    { kind: 'painting' as const, vp: 3, payments: 1, count: 5 },
    { kind: 'painting' as const, vp: 4, payments: 2, count: 5 },
    { kind: 'painting' as const, vp: 5, payments: 3, count: 4 },
    { kind: 'painting' as const, vp: 6, payments: 4, count: 4 },
    { kind: 'painting' as const, vp: 7, payments: 5, count: 2 },
    { kind: 'painting' as const, vp: 8, payments: 6, count: 2 },
  ],
  investment: [
    { kind: 'tulip-girl' as const, count: 6 },
    { kind: 'two-tulip-girls' as const, count: 6 },
    { kind: 'shipping-company' as const, count: 9 },
  ],
  spices: [
    { kind: 'spice-single' as const, count: 6 },
    { kind: 'spice-pair' as const, count: 6 },
    { kind: 'spice-triple' as const, count: 9 },
  ],
  colony: [
    { kind: 'ship' as const, count: 6 },
    { kind: 'captain' as const, count: 5 },
    { kind: 'cannon' as const, count: 5 },
    { kind: 'voc-joker' as const, count: 3 },
  ],
} as const;

/** KNOWN: what each colour's special action does. */
export const COLOUR_ACTION: Readonly<Record<GuildColour, { deck: DeckId | null; token: boolean; painter: boolean }>> = {
  green: { deck: null, token: true, painter: false },
  yellow: { deck: 'investment', token: false, painter: false },
  brown: { deck: 'arts', token: false, painter: true },
  blue: { deck: 'colony', token: false, painter: false },
  grey: { deck: 'culture', token: false, painter: false },
};

// ---------------------------------------------------------------------------------------------
// LAYOUT: coordinates for drawing the board on a 1000 × 1000 canvas. Not rules.
// ---------------------------------------------------------------------------------------------

export const LAYOUT_SIZE = { width: 1000, height: 1000 } as const;

/** LAYOUT: province centres, placed roughly like the real map (north up). */
export const PROVINCE_LAYOUT: Readonly<Record<ProvinceId, { x: number; y: number; r: number }>> = {
  groningen: { x: 830, y: 290, r: 62 },
  friesland: { x: 690, y: 320, r: 62 },
  overijssel: { x: 785, y: 470, r: 62 },
  holland: { x: 530, y: 480, r: 66 },
  utrecht: { x: 610, y: 575, r: 50 },
  gelderland: { x: 740, y: 600, r: 62 },
  zeeland: { x: 380, y: 700, r: 58 },
  brabant: { x: 580, y: 720, r: 66 },
  limburg: { x: 740, y: 810, r: 56 },
  vlaanderen: { x: 350, y: 840, r: 62 },
};

/**
 * LAYOUT: the 54 track boxes run clockwise round the border of a 15 × 14 grid of cells, box 0 in
 * the top-left corner: 15 along the top, 12 down the right, 15 back along the bottom, 12 up the left.
 */
export const TRACK_LAYOUT: readonly { x: number; y: number; w: number; h: number }[] = (() => {
  const cols = 15;
  const rows = 14;
  const w = LAYOUT_SIZE.width / cols;
  const h = LAYOUT_SIZE.height / rows;
  const cells: { x: number; y: number; w: number; h: number }[] = [];
  const at = (c: number, r: number) => ({ x: Math.round(c * w + w / 2), y: Math.round(r * h + h / 2), w: Math.round(w), h: Math.round(h) });
  for (let c = 0; c < cols; c++) cells.push(at(c, 0));
  for (let r = 1; r < rows - 1; r++) cells.push(at(cols - 1, r));
  for (let c = cols - 1; c >= 0; c--) cells.push(at(c, rows - 1));
  for (let r = rows - 2; r >= 1; r--) cells.push(at(0, r));
  return cells;
})();

/** LAYOUT: Guilds Chart (upper left): one column per colour, box 0 (price 3) at the bottom. */
export const GUILD_CHART_LAYOUT = {
  x: 90,
  y: 230,
  columnWidth: 48,
  boxHeight: 34,
  columns: GUILD_COLOURS.length,
  boxes: GUILD_PRICES.length,
} as const;

/** LAYOUT: the colony boxes; West Indies in the top-left corner, East Indies in the top-right. */
export const COLONY_LAYOUT: Readonly<Record<ColonyBox, { x: number; y: number }>> = {
  7: { x: 150, y: 130 },
  2: { x: 640, y: 130 },
  3: { x: 700, y: 130 },
  4: { x: 760, y: 130 },
  5: { x: 820, y: 130 },
  6: { x: 880, y: 130 },
};
