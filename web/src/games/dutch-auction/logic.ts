/**
 * What the Dutch board offers, worked out from the engine's legal moves (sent with every match
 * answer) and the cards the player has selected. Pure functions: the board only draws them.
 *
 * The player selects cards, then acts: a display card plus as many bid cards as its cost is a
 * purchase; a power card plus the card it acts on is a power; a power card in hand (2018) can be
 * played. Only combinations the engine lists as legal are offered.
 */
import { type CardId, type Edition, type Suit, EDITION_DATA } from '#shared/games/dutch-auction/cards.js';
import type { DutchAuctionMove } from '#shared/games/dutch-auction/moves.js';
import type { DutchAuctionView } from '#shared/games/dutch-auction/view.js';
import { fmt, type MessageKey, t } from '../../i18n.js';

export type Move = DutchAuctionMove;
export type { DutchAuctionView };

export interface Action {
  key: string;
  label: string;
  move: Move;
}

/** A card's name in the language shown ("blue 5-bid", "blauwe 5"): the engine's noun (`game.dutch-auction.card.<id>`). */
export const cardName = (id: CardId): string => t(`game.dutch-auction.card.${id}` as MessageKey);

/** A suit's name in the language shown. */
export const suitName = (suit: Suit): string => t(`game.dutch-auction.suit.${suit}` as MessageKey);

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x)) && s.size === a.length;
}

/** Whether the card carries a power in this match's edition. */
const facts = (view: DutchAuctionView, id: CardId) => ({ power: (EDITION_DATA[view.edition].byId[id]?.powers ?? []).length > 0 });

export function displayCardAt(view: DutchAuctionView, slot: number): CardId | null {
  return view.auction.display.find((d) => d.slot === slot)?.card ?? null;
}

export function slotOf(view: DutchAuctionView, id: CardId): number | null {
  return view.auction.display.find((d) => d.card === id)?.slot ?? null;
}

/** Cards that take part in at least one legal action now (the others are not offered). */
export function selectableCards(view: DutchAuctionView, legal: readonly Move[]): Set<CardId> {
  const out = new Set<CardId>();
  for (const m of legal) {
    if (m.kind === 'purchase') {
      const card = displayCardAt(view, m.slot);
      if (card) out.add(card);
      for (const p of m.pay) out.add(p);
    } else if (m.kind === 'power') {
      out.add(m.card);
      out.add(m.target);
    } else if (m.kind === 'play') {
      out.add(m.card);
    }
  }
  return out;
}

function powerLabel(m: Extract<Move, { kind: 'power' }>): string {
  return t(`game.dutch-auction.board.action.${m.power}`, {
    card: cardName(m.card),
    target: cardName(m.target),
    suit: m.suit ? suitName(m.suit) : '',
    from: m.from ? t(`game.dutch-auction.yourPile.${m.from}`) : '',
  });
}

/** The legal actions that use exactly the selected cards. */
export function actionsFor(view: DutchAuctionView, legal: readonly Move[], selected: ReadonlySet<CardId>): Action[] {
  const sel = [...selected];
  const out: Action[] = [];
  for (const m of legal) {
    if (m.kind === 'purchase') {
      const card = displayCardAt(view, m.slot);
      if (!card || !selected.has(card)) continue;
      if (
        !sameSet(
          m.pay,
          sel.filter((id) => id !== card),
        )
      )
        continue;
      out.push({
        key: `buy-${m.slot}`,
        label: t('game.dutch-auction.board.action.buy', { card: cardName(card), slot: m.slot, cost: m.slot }),
        move: m,
      });
    } else if (m.kind === 'power') {
      if (!sameSet([m.card, m.target], sel)) continue;
      out.push({ key: `power-${m.card}-${m.power}-${m.target}-${m.suit ?? ''}-${m.from ?? ''}`, label: powerLabel(m), move: m });
    } else if (m.kind === 'play') {
      if (!sameSet([m.card], sel)) continue;
      out.push({ key: `play-${m.card}`, label: t('game.dutch-auction.board.action.play', { card: cardName(m.card) }), move: m });
    }
  }
  return out;
}

/** A sentence that helps when the selection is not (yet) an action. */
export function selectionHint(view: DutchAuctionView, legal: readonly Move[], selected: ReadonlySet<CardId>): string | null {
  if (selected.size === 0) return null;
  if (actionsFor(view, legal, selected).length > 0) return null;
  const displayed = [...selected].filter((id) => slotOf(view, id) !== null);
  const mine = new Set((view.seats[view.you?.seat ?? -1]?.bid ?? []).map((c) => c.id));
  if (displayed.length === 1) {
    const slot = slotOf(view, displayed[0]!)!;
    const paying = [...selected].filter((id) => mine.has(id)).length;
    const need = slot - paying;
    if (need > 0) return t('game.dutch-auction.board.hint.payMore', { slot, need });
    if (need < 0) return t('game.dutch-auction.board.hint.payLess', { slot, over: -need });
  }
  if (displayed.length > 1) return t('game.dutch-auction.board.hint.oneDisplay');
  // A power card picked: say what it can act on now, rather than that nothing matches yet.
  const powerCards = [...selected].filter((id) => legal.some((m) => m.kind === 'power' && m.card === id));
  if (powerCards.length === 1) {
    const card = powerCards[0]!;
    const targets = [...new Set(legal.flatMap((m) => (m.kind === 'power' && m.card === card ? [m.target] : [])))];
    const others = [...selected].filter((id) => id !== card);
    const choices = fmt.orList(targets.map(cardName));
    if (others.length === 0) return t('game.dutch-auction.board.hint.pickTarget', { card: cardName(card), choices });
    return t('game.dutch-auction.board.hint.wrongTarget', { card: cardName(card), others: fmt.list(others.map(cardName)), choices });
  }
  if (powerCards.length > 1) return t('game.dutch-auction.board.hint.onePower');
  const unusable = [...selected].filter((id) => facts(view, id).power);
  if (unusable.length > 0 && !legal.some((m) => m.kind === 'power' && selected.has(m.card))) {
    return t('game.dutch-auction.board.hint.nothingToDo', { card: cardName(unusable[0]!) });
  }
  return t('game.dutch-auction.board.hint.noAction');
}

// ------------------------------------------------------------------------------------------ commit

/** The sealed choice being put together: the card set aside and the cards bid. */
export interface Plan {
  setAside: CardId | null;
  bid: CardId[];
}

export function bidValue(edition: Edition, ids: readonly CardId[]): number {
  return ids.reduce((sum, id) => sum + (EDITION_DATA[edition].byId[id]?.bid ?? 0), 0);
}

/** The legal commit move matching the plan, if any. */
/**
 * The seal confirmation's words: a sealed choice can be taken back (undo) while the other bid is still
 * open; sealing the second bid shows both at once, and that is final.
 */
export function sealQuestion(view: DutchAuctionView): string {
  const otherSealed = view.seats.some((s) => s.seat !== view.you?.seat && s.committed);
  return otherSealed ? t('game.dutch-auction.board.commit.sealQuestion.last') : t('game.dutch-auction.board.commit.sealQuestion');
}

export function commitFor(legal: readonly Move[], plan: Plan): Extract<Move, { kind: 'commit' }> | undefined {
  for (const m of legal) {
    if (m.kind === 'commit' && m.setAside === plan.setAside && sameSet(m.bid, plan.bid)) return m;
  }
  return undefined;
}

/** Current edition: the bid is always every card but the one set aside. */
export function planFor(view: DutchAuctionView, setAside: CardId | null, bid: readonly CardId[]): Plan {
  const hand = view.you?.hand ?? [];
  if (view.edition === 'current') return { setAside, bid: hand.filter((id) => id !== setAside) };
  return { setAside, bid: bid.filter((id) => hand.includes(id) && id !== setAside) };
}

/** Where paying cards go when buying `card`: same suit (as it counts now) to one's own discards. */
export function paymentDestinations(view: DutchAuctionView, card: CardId, pay: readonly CardId[]): { own: CardId[]; auction: CardId[] } {
  const suitOf = (id: CardId): Suit | undefined => EDITION_DATA[view.edition].byId[id]?.suit;
  const bid = view.seats[view.you?.seat ?? -1]?.bid ?? [];
  const target = suitOf(card);
  const own: CardId[] = [];
  const auction: CardId[] = [];
  for (const id of pay) {
    const s = bid.find((c) => c.id === id)?.suit ?? suitOf(id);
    (s === target ? own : auction).push(id);
  }
  return { own, auction };
}

/** Whose move it is in the words of the game. */
export function dutchAuctionTurnText(view: DutchAuctionView, you: number | null, name: (seat: number) => string): string {
  if (view.phase === 'over') return t('game.dutch-auction.board.turn.over');
  const round = view.round;
  if (view.phase === 'commit') {
    const waiting = view.toAct;
    const mine = you !== null && waiting.includes(you);
    const others = waiting.filter((s) => s !== you);
    if (mine) {
      return others.length
        ? t('game.dutch-auction.board.turn.sealWith', { round, names: fmt.list(others.map(name)) })
        : t('game.dutch-auction.board.turn.seal', { round });
    }
    return t('game.dutch-auction.board.turn.sealWaiting', { round, names: fmt.list(others.map(name)) });
  }
  if (view.active === null) return t('game.dutch-auction.board.turn.round', { round });
  if (view.active === you) {
    return view.you?.mustBuyOneCost
      ? t('game.dutch-auction.board.turn.mustBuy', { round })
      : t('game.dutch-auction.board.turn.act', { round });
  }
  return t('game.dutch-auction.board.turn.acting', { round, name: name(view.active) });
}
