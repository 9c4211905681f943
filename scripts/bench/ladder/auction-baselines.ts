/**
 * An independent player for the auction game, bench only: the greedy buyer. It bids as much as it can
 * every round (its whole hand but the card worth least in a bid: the highest useful bid) and then buys
 * the card with the best points per coin of its slot, paying with the cards whose loss costs it the
 * fewest points; it never uses a power. It decides from `view(state, seat)` alone, like our bots.
 */
import type { BotInput } from '#shared/engine/bot.js';
import { EDITION_DATA, MAX_BID_CARDS } from '#shared/games/dutch-auction/cards.js';
import type { DutchAuctionMove } from '#shared/games/dutch-auction/moves.js';
import type { DutchAuctionView } from '#shared/games/dutch-auction/view.js';

type Move = DutchAuctionMove;

export function greedyBuyer(input: BotInput<DutchAuctionView, Move>): Move {
  const { view, legal } = input;
  if (legal.length === 1) return legal[0]!;
  const data = EDITION_DATA[view.edition].byId;
  const you = view.you;
  if (!you) return legal[0]!;
  if (view.phase === 'commit') {
    const bidOf = (id: string) => data[id]?.bid ?? 0;
    const hand = you.hand.slice().sort((a, b) => bidOf(b) - bidOf(a));
    const aside = hand[hand.length - 1] ?? null;
    let bid = hand.slice(0, Math.max(0, hand.length - 1));
    if (view.edition === '2018') bid = bid.slice(0, MAX_BID_CARDS);
    const same = legal.find(
      (m) => m.kind === 'commit' && m.setAside === aside && m.bid.length === bid.length && bid.every((id) => m.bid.includes(id)),
    );
    return same ?? legal.find((m) => m.kind === 'commit' && m.bid.length === bid.length) ?? legal[0]!;
  }
  const mine = view.seats[input.seat]!;
  let best: Move | null = null;
  let bestRatio = 0;
  let bestLoss = Number.POSITIVE_INFINITY;
  for (const m of legal) {
    if (m.kind !== 'purchase') continue;
    const slot = view.auction.display[m.slot - 1];
    const info = slot?.card ? data[slot.card] : undefined;
    if (!info || !slot) continue;
    let loss = 0;
    for (const id of m.pay) {
      const c = mine.bid.find((b) => b.id === id);
      const suit = c ? c.suit : data[id]?.suit;
      if (suit !== info.suit) loss += data[id]?.vp ?? 0;
    }
    if (info.vp - loss <= 0) continue;
    const ratio = info.vp / slot.cost;
    if (ratio > bestRatio || (ratio === bestRatio && loss < bestLoss)) {
      bestRatio = ratio;
      bestLoss = loss;
      best = m;
    }
  }
  return best ?? legal.find((m) => m.kind === 'done') ?? legal[0]!;
}
