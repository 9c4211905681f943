/**
 * What happened, for the log. Events may hold hidden card ids (a card drawn into a hand); they
 * leave the server only through `viewEvent`, which hides them from everyone but the owner.
 * Money is in half-guilders.
 */
import type { Seat } from '../../engine/game.js';
import type { CashSet, DeckId, GuildColour, ProvinceId } from './board.js';
import type { MarkerPlace } from './moves.js';

export type GoldenAgeEvent =
  | { readonly type: 'setup-marker'; readonly seat: Seat; readonly province: ProvinceId }
  | { readonly type: 'setup-token'; readonly seat: Seat; readonly province: ProvinceId }
  | { readonly type: 'steward-placed'; readonly seat: Seat; readonly box: number }
  /** `dice` null means a dice card (public once played) chose the move */
  | {
      readonly type: 'steward-moved';
      readonly seat: Seat;
      readonly dice: readonly [number, number] | null;
      readonly card: string | null;
      readonly steps: number;
      readonly from: number;
      readonly to: number;
    }
  /** what each seat was owed and what the bank could actually pay */
  | { readonly type: 'payout'; readonly box: number; readonly owed: readonly number[]; readonly paid: readonly number[] }
  | { readonly type: 'token-moved'; readonly seat: Seat; readonly from: ProvinceId; readonly to: ProvinceId; readonly cost: number }
  | {
      readonly type: 'guild-taken';
      readonly seat: Seat;
      readonly colour: GuildColour;
      readonly price: number;
      readonly displaced: Seat | null;
      readonly from: MarkerPlace | null;
    }
  | { readonly type: 'marker-created'; readonly seat: Seat; readonly province: ProvinceId; readonly from: MarkerPlace | null }
  | { readonly type: 'sailed'; readonly seat: Seat; readonly box: number; readonly cards: readonly string[]; readonly from: MarkerPlace | null }
  | { readonly type: 'exchanged'; readonly seat: Seat; readonly set: CashSet; readonly cards: readonly string[]; readonly amount: number }
  /** `via` null: the card is the prize of an auction (no cost) */
  | { readonly type: 'card-drawn'; readonly seat: Seat; readonly deck: DeckId; readonly card: string; readonly cost: number; readonly via: MarkerPlace | null }
  | { readonly type: 'reshuffled'; readonly deck: DeckId }
  | { readonly type: 'token-bought'; readonly seat: Seat; readonly province: ProvinceId; readonly cost: number; readonly via: MarkerPlace | null }
  | {
      readonly type: 'painter-paid';
      readonly seat: Seat;
      readonly painting: string;
      readonly paid: number;
      readonly payments: number;
      readonly finished: boolean;
      readonly via: MarkerPlace | null;
    }
  | { readonly type: 'auction-started'; readonly seat: Seat; readonly province: ProvinceId; readonly colour: GuildColour }
  | { readonly type: 'bid'; readonly seat: Seat; readonly amount: number }
  /** `auto`: the seat could not bid (no money for the next bid, or could not use the action) */
  | { readonly type: 'passed'; readonly seat: Seat; readonly auto: boolean }
  | { readonly type: 'auction-won'; readonly seat: Seat; readonly auctioneer: Seat; readonly amount: number; readonly province: ProvinceId }
  | { readonly type: 'auction-unsold'; readonly auctioneer: Seat; readonly province: ProvinceId }
  | { readonly type: 'turn-ended'; readonly seat: Seat; readonly scores: readonly number[]; readonly next: Seat | null }
  | { readonly type: 'game-won'; readonly seat: Seat; readonly scores: readonly number[] };
