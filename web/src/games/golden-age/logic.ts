/**
 * What the Golden Age board offers, worked out from the engine's legal moves (sent with every
 * match answer) and the place the player has selected on the board. Pure functions: the board
 * only draws what these return, so every action on the page is one of the legal moves.
 *
 * A move belongs to the place it happens at (a province, a guild column, a colony box, a track
 * box); moves that belong nowhere in particular (roll, cash in, bid, end the turn…) are general.
 */
import { CASH_SETS, COLOUR_ACTION, COSTS, type DeckId, type GuildColour, type ProvinceId } from '#shared/games/golden-age/board.js';
import type { GoldenAgeMove, MarkerPlace } from '#shared/games/golden-age/moves.js';
import type { CardView, GoldenAgeView } from '#shared/games/golden-age/view.js';

export type Move = GoldenAgeMove;
export type { GoldenAgeView };

// ------------------------------------------------------------------------------------- money

/** Half-guilders as guilders: 5 → "2½ guilders", 1 → "½ guilder". */
export function money(halves: number): string {
  const whole = Math.floor(halves / 2);
  const half = halves % 2 === 1;
  if (whole === 0 && half) return '½ guilder';
  return `${whole}${half ? '½' : ''} ${whole === 1 && !half ? 'guilder' : 'guilders'}`;
}

/** Short form for tight spots on the board: 5 → "ƒ2½". */
export function moneyShort(halves: number): string {
  const whole = Math.floor(halves / 2);
  const half = halves % 2 === 1;
  return `ƒ${whole === 0 && half ? '' : whole}${half ? '½' : ''}`;
}

// ------------------------------------------------------------------------------------ players

/** Piece colours from a palette that stays apart under the common colour-vision deficiencies. */
export const SEAT_COLOURS = ['#d55e00', '#0072b2', '#a4508b', '#2f2f2f'] as const;
export const SEAT_SHAPES = ['circle', 'square', 'diamond', 'triangle'] as const;

/** One letter per player: the initials of their names when those differ, otherwise 1, 2, 3, 4. */
export function seatLetters(names: readonly string[]): string[] {
  const initials = names.map((n) => (n.trim()[0] ?? '?').toUpperCase());
  const unique = new Set(initials).size === initials.length && initials.every((c) => /\p{L}/u.test(c));
  return unique ? initials : names.map((_, i) => String(i + 1));
}

// ------------------------------------------------------------------------------------- places

export type Place =
  | { readonly kind: 'province'; readonly id: ProvinceId }
  | { readonly kind: 'guild'; readonly colour: GuildColour }
  | { readonly kind: 'colony'; readonly box: number }
  | { readonly kind: 'box'; readonly box: number };

export function placeKey(p: Place): string {
  switch (p.kind) {
    case 'province':
      return `province:${p.id}`;
    case 'guild':
      return `guild:${p.colour}`;
    case 'colony':
      return `colony:${p.box}`;
    case 'box':
      return `box:${p.box}`;
  }
}

function markerPlace(m: MarkerPlace): Place {
  if (m.at === 'province') return { kind: 'province', id: m.province };
  if (m.at === 'guild') return { kind: 'guild', colour: m.colour };
  return { kind: 'colony', box: m.box };
}

/** The place a move happens at; null for a general move. */
export function placeOf(m: Move): Place | null {
  switch (m.kind) {
    case 'place-marker':
    case 'place-token':
    case 'create-marker':
    case 'auction':
    case 'prize-token':
      return { kind: 'province', id: m.province };
    case 'place-steward':
      return { kind: 'box', box: m.box };
    case 'move-token':
      return { kind: 'province', id: m.from };
    case 'take-guild':
      return { kind: 'guild', colour: m.colour };
    case 'sail':
      return { kind: 'colony', box: m.box };
    case 'buy-card':
    case 'buy-token':
    case 'pay-painter':
      return markerPlace(m.marker);
    default:
      return null;
  }
}

/** Keys of the places that have at least one legal move (they are highlighted and focusable). */
export function activePlaces(legal: readonly Move[]): Set<string> {
  const out = new Set<string>();
  for (const m of legal) {
    const p = placeOf(m);
    if (p) out.add(placeKey(p));
  }
  return out;
}

/** Provinces a token can move to from `from` (½ guilder each). */
export function moveTargets(legal: readonly Move[], from: ProvinceId): ProvinceId[] {
  return legal.flatMap((m) => (m.kind === 'move-token' && m.from === from ? [m.to] : []));
}

// ------------------------------------------------------------------------------------ actions

export interface Action {
  key: string;
  label: string;
  move: Move;
  /** half-guilders the move costs now (a bid: what is paid if it wins) */
  cost: number;
  /** asked before a move that costs money; absent for free moves */
  question?: string;
  confirmLabel?: string;
}

export type Names = { province(id: ProvinceId): string; seat(s: number): string };

const DECK_WORDS: Readonly<Record<DeckId, string>> = {
  culture: 'culture (grey)',
  arts: 'arts (brown)',
  investment: 'investment (yellow)',
  spices: 'spice (orange)',
  colony: 'colony (blue)',
};

/** "an investment", "a colony": the article that goes with the word. */
export const withArticle = (words: string) => `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;

const CASH_WORDS: Readonly<Record<string, string>> = {
  'tulip-girl': 'one tulip girl',
  'two-tulip-girls': 'two “two tulip girls” cards',
  'shipping-company': 'three shipping companies',
  'spice-single': 'one single spice',
  'spice-pair': 'two spice pairs',
  'spice-triple': 'three spice triples',
};

const colonyWords = (box: number) => (box === 7 ? 'the West Indies' : `East Indies box ${box}`);

export function placeWords(p: MarkerPlace, names: Names): string {
  if (p.at === 'province') return names.province(p.province);
  if (p.at === 'guild') return `the ${p.colour} guild`;
  return colonyWords(p.box);
}

function fromWords(from: MarkerPlace | undefined, names: Names): string {
  return from ? ` (moving your marker from ${placeWords(from, names)})` : '';
}

/** The colour whose action a marker at `p` gives; null for a colony (spices). */
export function markerColour(view: GoldenAgeView, p: MarkerPlace): GuildColour | null {
  if (p.at === 'province') return view.provinces.find((x) => x.id === p.province)?.colour ?? null;
  if (p.at === 'guild') return p.colour;
  return null;
}

/** "Tulips (1 of 3 paid)", or "painting" when the viewer does not hold it. */
function paintingWords(view: GoldenAgeView, id: string): string {
  const me = view.viewer === null ? undefined : view.players[view.viewer];
  const p = me?.paintings.find((x) => x.card.id === id);
  return p ? `${p.card.name} (${p.paid} of ${p.payments} paid)` : 'painting';
}

/** Words, cost and confirmation question for one legal move. */
export function describe(view: GoldenAgeView, m: Move, names: Names): Action {
  const key = JSON.stringify(m);
  const free = (label: string): Action => ({ key, label, move: m, cost: 0 });
  const paid = (label: string, cost: number, question: string, confirmLabel = `Pay ${money(cost)}`): Action => ({
    key,
    label,
    move: m,
    cost,
    question,
    confirmLabel,
  });
  switch (m.kind) {
    case 'place-marker':
      return free(`Put your influence marker in ${names.province(m.province)}`);
    case 'place-token':
      return free(`Put a movement token in ${names.province(m.province)}`);
    case 'place-steward':
      return free(`Start the Steward on box ${m.box}`);
    case 'roll':
      return free('Roll the dice');
    case 'play-dice':
      return free(`Play your dice card: ${m.value}`);
    case 'move-token':
      // Not asked first: it costs only ½ guilder and the token can be moved on or back the same way.
      // Everything else that costs money asks, bids included (a bid binds its bidder to pay).
      return { ...free(`Move a token to ${names.province(m.to)} (½ guilder)`), cost: COSTS.moveHalves };
    case 'take-guild': {
      const price = view.guilds.find((g) => g.colour === m.colour)?.nextPrice ?? 0;
      return paid(
        `Take over the ${m.colour} guild for ${money(price)}${fromWords(m.from, names)}`,
        price,
        `Take over the ${m.colour} guild for ${money(price)}${fromWords(m.from, names)}?`,
      );
    }
    case 'create-marker':
      return free(`Turn three of your tokens in ${names.province(m.province)} into an influence marker${fromWords(m.from, names)}`);
    case 'sail':
      return free(`Sail with ship, captain and cannon and found a colony in ${colonyWords(m.box)}${fromWords(m.from, names)}`);
    case 'exchange': {
      const set = CASH_SETS.find((c) => c.set === m.set);
      return free(`Cash in ${CASH_WORDS[m.set] ?? m.set} for ${money((set?.pays ?? 0) * 2)}`);
    }
    case 'buy-card': {
      const colour = markerColour(view, m.marker);
      const deck: DeckId = colour === null ? 'spices' : (COLOUR_ACTION[colour].deck ?? 'culture');
      const colony = m.marker.at === 'colony' ? view.colonies.find((c) => c.box === (m.marker as { box: number }).box) : undefined;
      const cost = colony ? colony.spicePrice : COSTS.card * 2;
      const via = placeWords(m.marker, names);
      return paid(
        `Buy ${withArticle(DECK_WORDS[deck])} card for ${money(cost)} (marker in ${via})`,
        cost,
        `Buy the top ${DECK_WORDS[deck]} card for ${money(cost)}? Your marker in ${via} is used up for this turn.`,
      );
    }
    case 'buy-token':
      return paid(
        `New token in ${names.province(m.province)}`,
        COSTS.token * 2,
        `Buy a movement token for 5 guilders and put it in ${names.province(m.province)}? Your marker in ${placeWords(m.marker, names)} is used up for this turn.`,
      );
    case 'pay-painter': {
      const what = paintingWords(view, m.painting);
      return paid(
        `Pay 1 guilder towards your ${what}`,
        COSTS.painter * 2,
        `Pay the painter 1 guilder for your ${what}? Your marker in ${placeWords(m.marker, names)} is used up for this turn.`,
      );
    }
    case 'auction': {
      const colour = view.provinces.find((p) => p.id === m.province)?.colour;
      return free(`Auction the ${colour ?? ''} action of your marker in ${names.province(m.province)}`.replace('  ', ' '));
    }
    case 'bid': {
      const a = view.auction;
      const all = a !== null && m.amount === a.bidderMax;
      const purse = view.viewer === null ? null : (view.players[view.viewer]?.money ?? null);
      const cash =
        purse !== null && m.amount > purse ? ` You hold ${money(purse)}, so the sets needed to cover the rest are cashed in at once.` : '';
      return paid(
        `Bid ${money(m.amount)}${all ? ' (all you can)' : ''}`,
        m.amount,
        `Bid ${money(m.amount)}? If nobody bids more, you pay it to ${a ? names.seat(a.auctioneer) : 'the auctioneer'} and take the action.${cash}`,
        `Yes, bid ${money(m.amount)}`,
      );
    }
    case 'pass':
      return free('Pass (you cannot come back into this auction)');
    case 'prize-card': {
      const colour = view.pending?.colour ?? null;
      const deck: DeckId = colour === null ? 'culture' : (COLOUR_ACTION[colour].deck ?? 'culture');
      return free(`Take your free ${DECK_WORDS[deck]} card`);
    }
    case 'prize-painter':
      // the bid paid for the action: the bank puts the guilder on the painting
      return free(`Have the bank pay the painter of your ${paintingWords(view, m.painting)} 1 guilder`);
    case 'prize-token':
      return free(
        m.convert
          ? `Put your free token in ${names.province(m.province)} and turn three tokens there into an influence marker`
          : `Put your free token in ${names.province(m.province)}`,
      );
    case 'end-turn':
      return {
        key,
        label: 'End my turn',
        move: m,
        cost: 0,
        question: 'End your turn? Markers you have not used stay unused, and the scores are announced.',
        confirmLabel: 'Yes, end my turn',
      };
  }
}

/** The legal moves at a place, described. */
export function actionsAt(view: GoldenAgeView, legal: readonly Move[], place: Place, names: Names): Action[] {
  const key = placeKey(place);
  return legal
    .filter((m) => {
      const p = placeOf(m);
      return p !== null && placeKey(p) === key;
    })
    .map((m) => describe(view, m, names));
}

/** The legal moves that belong to no place, described. */
export function generalActions(view: GoldenAgeView, legal: readonly Move[], names: Names): Action[] {
  return legal.filter((m) => placeOf(m) === null).map((m) => describe(view, m, names));
}

// -------------------------------------------------------------------------------------- words

const DECK_BACKS: Readonly<Record<DeckId, string>> = {
  culture: 'grey',
  arts: 'brown',
  investment: 'yellow',
  spices: 'orange',
  colony: 'blue',
};

export function handBacksText(backs: Readonly<Record<DeckId, number>>): string {
  const parts = (Object.keys(backs) as DeckId[]).flatMap((d) => (backs[d] > 0 ? [`${backs[d]} ${DECK_BACKS[d]}`] : []));
  return parts.length ? parts.join(', ') : 'none';
}

export function cardTitle(c: CardView): string {
  return c.name[0]!.toUpperCase() + c.name.slice(1);
}

/** What a marker of this colour does as a special action. */
export const COLOUR_ACTION_WORDS: Readonly<Record<GuildColour, string>> = {
  green: 'new movement token (5 guilders)',
  yellow: 'investment card (3 guilders)',
  brown: 'arts card (3 guilders) or pay a painter (1)',
  blue: 'colony card (3 guilders)',
  grey: 'culture card (3 guilders)',
};

/** Whose move it is, in the words of the game. */
export function goldenAgeTurnText(view: GoldenAgeView, name: (seat: number) => string): string {
  const me = view.viewer;
  const who = view.toAct[0];
  const mine = who !== undefined && who === me;
  const them = who === undefined ? 'nobody' : name(who);
  const turn = `Turn ${view.turn}`;
  switch (view.phase) {
    case 'setup-marker':
      return mine
        ? 'Set-up: your move. Put an influence marker in a province that has none.'
        : `Set-up: ${them} is placing an influence marker.`;
    case 'setup-tokens':
      return mine
        ? 'Set-up: your move. Put a movement token in a province (two tokens each, at most two in a province).'
        : `Set-up: ${them} is placing movement tokens.`;
    case 'setup-steward':
      return mine
        ? 'Set-up: your move. Choose the merchant box where the Steward starts.'
        : `Set-up: ${them} chooses where the Steward starts.`;
    case 'roll':
      return mine ? `${turn}: your move. Roll the dice to move the Steward.` : `${turn}: waiting for ${them} to roll the dice.`;
    case 'actions':
      return mine ? `${turn}: your move. Take any actions you like, then end your turn.` : `${turn}: ${them} is taking actions.`;
    case 'auction': {
      const where = view.auction ? (view.provinces.find((p) => p.id === view.auction!.province)?.name ?? '') : '';
      return mine ? `Auction for ${where}: your bid. Bid or pass.` : `Auction for ${where}: waiting for ${them} to bid or pass.`;
    }
    case 'auction-action':
      return mine ? 'You won the auction: choose how to use the action.' : `${them} won the auction and is using the action.`;
    case 'over':
      return 'The game is over.';
  }
}
