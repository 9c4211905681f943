/**
 * What a viewer may see, and log lines per viewer.
 *
 * Public: the whole board, every player's money, reserves, face-up cards (paintings, windmills,
 * governors), discard piles and scores. Private: the cards in a hand (a viewer sees only their
 * own; of the others only how many, by the colour of the backs) and the order of the decks.
 * The PRNG state never appears.
 *
 * The view carries the static drawing data (coordinates, adjacency, track) so that a page can
 * draw the provinces, the track, the Steward, tokens, markers and the Guilds Chart from it alone.
 */
import type { LogEntry, Param, Params, Seat, Viewer } from '../../engine/game.js';
import {
  COLONY_BOXES,
  COLONY_LAYOUT,
  type ColonyBox,
  COSTS,
  DECK_COLOUR,
  type DeckId,
  DECKS,
  GUILD_CHART_LAYOUT,
  GUILD_COLOURS,
  GUILD_PRICES,
  type GuildColour,
  LAYOUT_SIZE,
  PROVINCE_IDS,
  PROVINCE_LAYOUT,
  PROVINCES,
  type ProvinceId,
  TARGET_POINTS,
  TRACK,
  TRACK_LAYOUT,
} from './board.js';
import { card, cardName, isPublicCard } from './cards.js';
import type { MarkerPlace } from './moves.js';
import { ADJACENT, H, maxBid, minBid, PROVINCE_COLOUR, type ScoreBreakdown, scoreOf, toAct } from './rules.js';
import type { GoldenAgeEvent, GoldenAgeState, LastRoll, Marker, Phase } from './state.js';
import {
  actionWords,
  boxWords,
  cardList,
  cardWords,
  deckCardWords,
  deckWords,
  guildWords,
  money,
  placeWords,
  provinceWords,
  seatRef,
  WORDS,
} from './words.js';

export interface MarkerView {
  readonly owner: Seat;
  readonly used: boolean;
  readonly moved: boolean;
}

export interface CardView {
  readonly id: string;
  readonly deck: DeckId;
  readonly kind: string;
  /** English, for the board until it names cards by the catalog (words.ts `cardWords`); then to go */
  readonly name: string;
  readonly vp?: number;
  readonly payments?: number;
  readonly province?: ProvinceId;
}

export interface PaintingView {
  readonly card: CardView;
  readonly paid: number;
  readonly payments: number;
  readonly finished: boolean;
  /** half-guilders lying on the card */
  readonly coins: number;
}

export interface PlayerView {
  readonly seat: Seat;
  /** half-guilders */
  readonly money: number;
  readonly tokensInReserve: number;
  readonly markersInReserve: number;
  readonly handCount: number;
  /** cards in hand by the colour of their backs (culture duplicates have culture backs) */
  readonly handBacks: Readonly<Record<DeckId, number>>;
  readonly paintings: readonly PaintingView[];
  readonly windmills: number;
  readonly governors: readonly ProvinceId[];
  readonly score: ScoreBreakdown;
}

export interface GoldenAgeView {
  readonly game: 'golden-age';
  readonly phase: Phase;
  readonly seats: number;
  readonly viewer: Viewer;
  /** the acting player (during set-up, the player placing) */
  readonly current: Seat;
  readonly turn: number;
  readonly toAct: readonly Seat[];
  readonly target: number;
  readonly steward: number | null;
  readonly lastRoll: LastRoll | null;
  /** half-guilders */
  readonly bank: number;
  readonly provinces: readonly {
    readonly id: ProvinceId;
    /** as printed on the map; the catalog's `game.golden-age.province.<id>` names it in words */
    readonly name: string;
    readonly colour: GuildColour;
    readonly adjacent: readonly ProvinceId[];
    readonly x: number;
    readonly y: number;
    readonly r: number;
    readonly marker: MarkerView | null;
    /** movement tokens per seat */
    readonly tokens: readonly number[];
  }[];
  readonly track: readonly {
    readonly box: number;
    readonly kind: 'willem' | 'merchant' | 'provinces';
    readonly provinces: readonly ProvinceId[];
    readonly governorOf: ProvinceId | null;
    readonly x: number;
    readonly y: number;
    readonly w: number;
    readonly h: number;
  }[];
  readonly guilds: readonly {
    readonly colour: GuildColour;
    /** boxes of the column used (the holder stands in box level-1) */
    readonly level: number;
    /** the printed price of each box, half-guilders, bottom first */
    readonly prices: readonly number[];
    /** what a takeover costs now (half-guilders); null when the column is full */
    readonly nextPrice: number | null;
    readonly holder: MarkerView | null;
  }[];
  readonly guildChart: typeof GUILD_CHART_LAYOUT;
  readonly colonies: readonly {
    readonly box: number;
    readonly indies: 'east' | 'west';
    readonly capacity: number | null;
    /** price of a spice card through this box, half-guilders */
    readonly spicePrice: number;
    readonly markers: readonly MarkerView[];
    readonly x: number;
    readonly y: number;
  }[];
  readonly decks: readonly {
    readonly deck: DeckId;
    readonly colour: string;
    readonly count: number;
    readonly discard: readonly CardView[];
  }[];
  readonly players: readonly PlayerView[];
  /** the viewer's own hand; null for spectators */
  readonly hand: readonly CardView[] | null;
  readonly auction: {
    readonly province: ProvinceId;
    readonly colour: GuildColour;
    readonly auctioneer: Seat;
    readonly high: { readonly seat: Seat; readonly amount: number } | null;
    readonly passed: readonly Seat[];
    readonly bidder: Seat;
    readonly minBid: number;
    /**
     * the most the seat to bid may offer (its money plus the sets it could cash in), shown to
     * that seat only: it depends on its hidden cards. null for every other viewer.
     */
    readonly bidderMax: number | null;
  } | null;
  readonly pending: { readonly winner: Seat; readonly province: ProvinceId; readonly colour: GuildColour } | null;
  readonly unsold: readonly ProvinceId[];
  readonly winner: Seat | null;
  readonly size: typeof LAYOUT_SIZE;
}

const markerView = (m: Marker): MarkerView => ({ owner: m.owner, used: m.used, moved: m.moved });

export function cardView(id: string): CardView {
  const c = card(id);
  const base = { id, deck: c.deck, kind: c.kind, name: cardName(id) };
  if (c.kind === 'painting') return { ...base, vp: c.vp, payments: c.payments };
  if (c.kind === 'governor') return { ...base, province: c.province };
  return base;
}

const colourOf = (province: number): GuildColour => GUILD_COLOURS[PROVINCE_COLOUR[province] as number] as GuildColour;

export function view(s: GoldenAgeState, viewer: Viewer): GoldenAgeView {
  const own = viewer !== null && viewer >= 0 && viewer < s.seats ? viewer : null;
  return {
    game: 'golden-age',
    phase: s.phase,
    seats: s.seats,
    viewer: own,
    current: s.current,
    turn: s.turn,
    toAct: toAct(s),
    target: TARGET_POINTS,
    steward: s.steward,
    lastRoll: s.lastRoll,
    bank: s.bank,
    provinces: PROVINCES.map((p, i) => ({
      id: p.id,
      name: p.name,
      colour: p.colour,
      adjacent: ADJACENT[i]!.map((j) => PROVINCE_IDS[j] as ProvinceId),
      ...PROVINCE_LAYOUT[p.id],
      marker: s.provinces[i]!.marker === null ? null : markerView(s.provinces[i]!.marker!),
      tokens: s.provinces[i]!.tokens.slice(),
    })),
    track: TRACK.map((b, i) => ({
      box: i,
      kind: b.kind,
      provinces: b.kind === 'provinces' ? b.provinces.slice() : [],
      governorOf: b.kind === 'merchant' ? b.governorOf : null,
      ...TRACK_LAYOUT[i]!,
    })),
    guilds: GUILD_COLOURS.map((colour, i) => {
      const g = s.guilds[i]!;
      return {
        colour,
        level: g.level,
        prices: GUILD_PRICES.map((p) => p * H),
        nextPrice: g.level < GUILD_PRICES.length ? GUILD_PRICES[g.level]! * H : null,
        holder: g.holder === null ? null : markerView(g.holder),
      };
    }),
    guildChart: GUILD_CHART_LAYOUT,
    colonies: COLONY_BOXES.map((b) => ({
      box: b.box,
      indies: b.indies,
      capacity: b.capacity,
      spicePrice: b.spicePrice * H,
      markers: (b.indies === 'west' ? s.west : s.east[b.box - 2] ? [s.east[b.box - 2]!] : []).map(markerView),
      ...COLONY_LAYOUT[b.box as ColonyBox],
    })),
    decks: DECKS.map((d) => ({ deck: d, colour: DECK_COLOUR[d], count: s.decks[d].length, discard: s.discards[d].map(cardView) })),
    players: s.players.map((p, seat) => {
      const handBacks = { culture: 0, arts: 0, investment: 0, spices: 0, colony: 0 } as Record<DeckId, number>;
      for (const id of p.hand) handBacks[card(id).deck] += 1;
      return {
        seat,
        money: p.money,
        tokensInReserve: p.tokens,
        markersInReserve: p.markers,
        handCount: p.hand.length,
        handBacks,
        paintings: p.paintings.map((pt) => {
          const c = card(pt.card);
          const payments = c.kind === 'painting' ? c.payments : 0;
          return { card: cardView(pt.card), paid: pt.paid, payments, finished: pt.paid >= payments, coins: pt.paid * H };
        }),
        windmills: p.windmills.length,
        governors: p.governors.map((id) => {
          const c = card(id);
          return c.kind === 'governor' ? c.province : ('holland' as ProvinceId);
        }),
        score: scoreOf(s, seat),
      };
    }),
    hand: own === null ? null : s.players[own]!.hand.map(cardView),
    auction:
      s.auction === null
        ? null
        : {
            province: PROVINCE_IDS[s.auction.province] as ProvinceId,
            colour: colourOf(s.auction.province),
            auctioneer: s.auction.auctioneer,
            high: s.auction.high,
            passed: s.auction.passed.flatMap((p, i) => (p ? [i] : [])),
            bidder: s.auction.bidder,
            minBid: minBid(s),
            bidderMax: own === s.auction.bidder ? Math.max(0, maxBid(s, own, PROVINCE_COLOUR[s.auction.province] as number)) : null,
          },
    pending:
      s.pending === null
        ? null
        : { winner: s.pending.winner, province: PROVINCE_IDS[s.pending.province] as ProvinceId, colour: colourOf(s.pending.province) },
    unsold: s.unsold.map((i) => PROVINCE_IDS[i] as ProvinceId),
    winner: s.winner,
    size: LAYOUT_SIZE,
  };
}

// ---------------------------------------------------------------------------------------------
// Log lines: catalog keys `game.golden-age.log.<type>[.<variant>]` with their params (words.ts)
// ---------------------------------------------------------------------------------------------

const LOG = `${WORDS}.log`;

/** "Ann 2 guilders, Bob 1 guilder": what each seat was paid, or the word for nobody. */
function payList(amounts: readonly number[]): Param {
  const parts = amounts.flatMap((a, i) => (a > 0 ? [{ key: `${LOG}.payout.share`, params: { seat: seatRef(i), amount: money(a) } }] : []));
  return parts.length === 0 ? { key: `${WORDS}.nobody` } : { list: parts };
}

const scoreList = (scores: readonly number[]): Param => ({
  list: scores.map((points, i) => ({ key: `${LOG}.turn-ended.score`, params: { seat: seatRef(i), points } })),
});

/** `.from` when a marker moved from elsewhere on the board (the reserve was empty). */
const fromParams = (from: MarkerPlace | null, key: string, params: Params): [string, Params] =>
  from === null ? [key, params] : [`${key}.from`, { ...params, from: placeWords(from) }];

export function viewEvent(e: GoldenAgeEvent, viewer: Viewer): LogEntry | null {
  if (e.type === 'card-drawn') return cardDrawn(e, viewer);
  const [key, params] = logWords(e);
  const seat = e.type === 'auction-unsold' ? e.auctioneer : 'seat' in e ? e.seat : undefined;
  return { type: e.type, key: `${LOG}.${key}`, params, ...(seat === undefined ? {} : { seat }), data: e };
}

/** A drawn card is named to its owner only (and to all when it goes face up). */
function cardDrawn(e: Extract<GoldenAgeEvent, { type: 'card-drawn' }>, viewer: Viewer): LogEntry {
  const open = viewer === e.seat || isPublicCard(e.card);
  const params: Params = { seat: seatRef(e.seat), deck: deckCardWords(e.deck), ...(open ? { card: cardWords(e.card) } : {}) };
  const how = e.via === null ? 'prize' : 'marker';
  const key = `${LOG}.card-drawn.${how}${open ? '-open' : ''}`;
  const data = open ? e : { type: e.type, seat: e.seat, deck: e.deck, cost: e.cost, via: e.via };
  return {
    type: e.type,
    key,
    params: e.via === null ? params : { ...params, via: placeWords(e.via), cost: money(e.cost) },
    seat: e.seat,
    data,
  };
}

/** The key (after `log.`) and params of every other event. */
function logWords(e: Exclude<GoldenAgeEvent, { type: 'card-drawn' }>): [string, Params] {
  switch (e.type) {
    case 'setup-marker':
    case 'setup-token':
      return [e.type, { seat: seatRef(e.seat), province: provinceWords(e.province) }];
    case 'steward-placed':
      return [e.type, { seat: seatRef(e.seat), box: boxWords(e.box) }];
    case 'steward-moved': {
      const to = boxWords(e.to);
      return e.dice === null
        ? ['steward-moved.dice-card', { seat: seatRef(e.seat), steps: e.steps, box: to }]
        : ['steward-moved.rolled', { seat: seatRef(e.seat), a: e.dice[0], b: e.dice[1], box: to }];
    }
    case 'payout': {
      const short = e.paid.some((p, i) => p < (e.owed[i] ?? 0));
      return [short ? 'payout.short' : 'payout', { paid: payList(e.paid) }];
    }
    case 'token-moved':
      return [e.type, { seat: seatRef(e.seat), from: provinceWords(e.from), to: provinceWords(e.to), cost: money(e.cost) }];
    case 'guild-taken': {
      const params: Params = { seat: seatRef(e.seat), guild: guildWords(e.colour), price: money(e.price) };
      const [key, withFrom] = fromParams(e.from, e.type, params);
      return e.displaced === null ? [key, withFrom] : [`${key}.displaced`, { ...withFrom, displaced: seatRef(e.displaced) }];
    }
    case 'marker-created':
      return fromParams(e.from, e.type, { seat: seatRef(e.seat), province: provinceWords(e.province) });
    case 'sailed':
      return fromParams(e.from, e.type, {
        seat: seatRef(e.seat),
        cards: cardList(e.cards),
        place: placeWords({ at: 'colony', box: e.box }),
      });
    case 'exchanged':
      return [e.type, { seat: seatRef(e.seat), cards: cardList(e.cards), amount: money(e.amount) }];
    case 'reshuffled':
      return [e.type, { deck: deckWords(e.deck) }];
    case 'token-bought': {
      const params: Params = { seat: seatRef(e.seat), province: provinceWords(e.province) };
      return e.via === null
        ? ['token-bought.prize', params]
        : ['token-bought.marker', { ...params, via: placeWords(e.via), cost: money(e.cost) }];
    }
    case 'painter-paid': {
      const how = e.via === null ? 'prize' : 'marker';
      const params = {
        seat: seatRef(e.seat),
        painting: cardWords(e.painting),
        amount: money(COSTS.painter * H),
        paid: e.paid,
        payments: e.payments,
      };
      return [`painter-paid.${how}${e.finished ? '.finished' : ''}`, params];
    }
    case 'auction-started':
      return [e.type, { seat: seatRef(e.seat), action: actionWords(e.colour), province: provinceWords(e.province) }];
    case 'bid':
      return [e.type, { seat: seatRef(e.seat), amount: money(e.amount) }];
    case 'passed':
      return [e.auto ? 'passed.auto' : 'passed', { seat: seatRef(e.seat) }];
    case 'auction-won':
      return [
        e.type,
        { seat: seatRef(e.seat), province: provinceWords(e.province), auctioneer: seatRef(e.auctioneer), amount: money(e.amount) },
      ];
    case 'auction-unsold':
      return [e.type, { auctioneer: seatRef(e.auctioneer), province: provinceWords(e.province) }];
    case 'turn-ended': {
      const params: Params = { seat: seatRef(e.seat), scores: scoreList(e.scores) };
      return e.next === null ? [e.type, params] : ['turn-ended.next', { ...params, next: seatRef(e.next) }];
    }
    case 'game-won':
      return [e.type, { seat: seatRef(e.seat), points: e.scores[e.seat] ?? 0 }];
  }
}
