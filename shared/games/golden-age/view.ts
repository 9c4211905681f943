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
import type { LogEntry, Seat, Viewer } from '../../engine/game.js';
import {
  COLONY_BOXES,
  COLONY_LAYOUT,
  type ColonyBox,
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
  WEST_INDIES_BOX,
} from './board.js';
import { card, cardName, isPublicCard } from './cards.js';
import type { MarkerPlace } from './moves.js';
import { ADJACENT, guilders, H, maxBid, minBid, PROVINCE_COLOUR, type ScoreBreakdown, scoreOf, toAct } from './rules.js';
import type { GoldenAgeEvent, GoldenAgeState, LastRoll, Marker, Phase } from './state.js';

export interface MarkerView {
  readonly owner: Seat;
  readonly used: boolean;
  readonly moved: boolean;
}

export interface CardView {
  readonly id: string;
  readonly deck: DeckId;
  readonly kind: string;
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
// Log lines
// ---------------------------------------------------------------------------------------------

const NAMES: Readonly<Record<string, string>> = Object.fromEntries(PROVINCES.map((p) => [p.id, p.name]));
const pname = (p: ProvinceId): string => NAMES[p] ?? p;

function boxText(box: number): string {
  const b = TRACK[box]!;
  if (b.kind === 'willem') return `box ${box} (Willem III)`;
  if (b.kind === 'merchant') return `box ${box} (merchant, governor of ${pname(b.governorOf)})`;
  return `box ${box} (${pname(b.provinces[0])} and ${pname(b.provinces[1])})`;
}

function placeText(p: MarkerPlace): string {
  if (p.at === 'province') return pname(p.province);
  if (p.at === 'guild') return `the ${p.colour} guild`;
  return p.box === WEST_INDIES_BOX ? 'the West Indies' : `East Indies box ${p.box}`;
}

const DECK_WORD: Readonly<Record<DeckId, string>> = {
  culture: 'a culture (grey) card',
  arts: 'an arts (brown) card',
  investment: 'an investment (yellow) card',
  spices: 'a spice (orange) card',
  colony: 'a colony (blue) card',
};

function moneyList(amounts: readonly number[]): string {
  const parts = amounts.flatMap((a, i) => (a > 0 ? [`{${i}} ${guilders(a)}`] : []));
  return parts.length === 0 ? 'nobody' : parts.join(', ');
}

const scoreList = (scores: readonly number[]): string => scores.map((x, i) => `{${i}} ${x}`).join(', ');

export function viewEvent(e: GoldenAgeEvent, viewer: Viewer): LogEntry | null {
  switch (e.type) {
    case 'setup-marker':
      return { type: e.type, seat: e.seat, text: `{${e.seat}} placed an influence marker in ${pname(e.province)}.`, data: e };
    case 'setup-token':
      return { type: e.type, seat: e.seat, text: `{${e.seat}} placed a movement token in ${pname(e.province)}.`, data: e };
    case 'steward-placed':
      return { type: e.type, seat: e.seat, text: `{${e.seat}} set the Steward on ${boxText(e.box)}.`, data: e };
    case 'steward-moved': {
      const how = e.dice === null ? `played a dice card and chose ${e.steps}` : `rolled ${e.dice[0]} and ${e.dice[1]}`;
      return { type: e.type, seat: e.seat, text: `{${e.seat}} ${how}: the Steward moves to ${boxText(e.to)}.`, data: e };
    }
    case 'payout': {
      const short = e.paid.some((p, i) => p < (e.owed[i] ?? 0)) ? ' The bank ran short and could not pay everything.' : '';
      return { type: e.type, text: `The Steward pays ${moneyList(e.paid)}.${short}`, data: e };
    }
    case 'token-moved':
      return {
        type: e.type,
        seat: e.seat,
        text: `{${e.seat}} moved a token from ${pname(e.from)} to ${pname(e.to)} for ${guilders(e.cost)}.`,
        data: e,
      };
    case 'guild-taken': {
      const from = e.from === null ? '' : ` with the marker from ${placeText(e.from)}`;
      const home = e.displaced === null ? '' : `; {${e.displaced}}'s marker goes back to the reserve`;
      return {
        type: e.type,
        seat: e.seat,
        text: `{${e.seat}} took control of the ${e.colour} guild for ${guilders(e.price)}${from}${home}.`,
        data: e,
      };
    }
    case 'marker-created': {
      const from = e.from === null ? '' : ` (the marker comes from ${placeText(e.from)})`;
      return {
        type: e.type,
        seat: e.seat,
        text: `{${e.seat}} turned three movement tokens in ${pname(e.province)} into an influence marker${from}.`,
        data: e,
      };
    }
    case 'sailed': {
      const where = placeText({ at: 'colony', box: e.box });
      const from = e.from === null ? '' : ` (the marker comes from ${placeText(e.from)})`;
      return {
        type: e.type,
        seat: e.seat,
        text: `{${e.seat}} sailed with ${e.cards.map(cardName).join(', ')} and founded a colony in ${where}${from}.`,
        data: e,
      };
    }
    case 'exchanged':
      return {
        type: e.type,
        seat: e.seat,
        text: `{${e.seat}} cashed in ${e.cards.map(cardName).join(', ')} for ${guilders(e.amount)}.`,
        data: e,
      };
    case 'card-drawn': {
      const open = viewer === e.seat || isPublicCard(e.card);
      const what = open ? `${DECK_WORD[e.deck]}: ${cardName(e.card)}` : DECK_WORD[e.deck];
      const how = e.via === null ? ' as the auction prize' : ` with the marker in ${placeText(e.via)} for ${guilders(e.cost)}`;
      const data = open ? e : { type: e.type, seat: e.seat, deck: e.deck, cost: e.cost, via: e.via };
      return { type: e.type, seat: e.seat, text: `{${e.seat}} took ${what}${how}.`, data };
    }
    case 'reshuffled':
      return { type: e.type, text: `The ${e.deck} discard pile was shuffled into a new deck.`, data: e };
    case 'token-bought': {
      const how = e.via === null ? ' as the auction prize' : ` with the marker in ${placeText(e.via)} for ${guilders(e.cost)}`;
      return { type: e.type, seat: e.seat, text: `{${e.seat}} placed a new movement token in ${pname(e.province)}${how}.`, data: e };
    }
    case 'painter-paid': {
      const done = e.finished ? ' The painting is finished!' : '';
      const who =
        e.via === null
          ? `The bank paid the painter 1 guilder for {${e.seat}}'s ${cardName(e.painting)} (auction prize)`
          : `{${e.seat}} paid the painter 1 guilder for the ${cardName(e.painting)}`;
      return {
        type: e.type,
        seat: e.seat,
        text: `${who}: payment ${e.paid} of ${e.payments}.${done}`,
        data: e,
      };
    }
    case 'auction-started':
      return {
        type: e.type,
        seat: e.seat,
        text: `{${e.seat}} auctions the ${e.colour} action of the marker in ${pname(e.province)}.`,
        data: e,
      };
    case 'bid':
      return { type: e.type, seat: e.seat, text: `{${e.seat}} bids ${guilders(e.amount)}.`, data: e };
    case 'passed':
      return { type: e.type, seat: e.seat, text: e.auto ? `{${e.seat}} cannot bid and passes.` : `{${e.seat}} passes.`, data: e };
    case 'auction-won':
      return {
        type: e.type,
        seat: e.seat,
        text: `{${e.seat}} wins the auction for ${pname(e.province)} and pays {${e.auctioneer}} ${guilders(e.amount)}.`,
        data: e,
      };
    case 'auction-unsold':
      return {
        type: e.type,
        seat: e.auctioneer,
        text: `Nobody bid for the action in ${pname(e.province)}; {${e.auctioneer}} keeps it.`,
        data: e,
      };
    case 'turn-ended': {
      const next = e.next === null ? '' : ` Now it is {${e.next}}'s turn.`;
      return { type: e.type, seat: e.seat, text: `{${e.seat}} ends the turn. Scores: ${scoreList(e.scores)}.${next}`, data: e };
    }
    case 'game-won':
      return { type: e.type, seat: e.seat, text: `{${e.seat}} reaches ${e.scores[e.seat]} points and wins the game!`, data: e };
  }
}
