/** The page module of Dutch, the memory card game (Cambio family), registered in ../index.ts. */
import { seatName } from '../../text.js';
import type { GameUi, RulesHelp } from '../types.js';
import { DutchMemoryBoard } from './Board.js';
import { type View, turnText } from './logic.js';
import { DutchMemoryOutcome } from './ScoreSheet.js';

const byPreset = 'Left at “Game default”, the chosen rule set decides.';

export const dutchMemoryUi: GameUi = {
  Board: DutchMemoryBoard,
  Outcome: DutchMemoryOutcome,
  turnText(match) {
    const view = match.view as View | null;
    if (match.status !== 'active' || !view || view.game !== 'dutch-memory') return null;
    return turnText(view, { name: (s) => seatName(match.seats, s), me: match.you });
  },
  help: async (): Promise<RulesHelp> => (await import('../../../../shared/games/dutch-memory/help.js')).rulesHelp,
  optionLabels: {
    preset: {
      label: 'Rule set',
      hint: 'Every difference below can also be set on its own.',
      values: { bench: 'Bench rules (2×2 cards, take from the pile)', marmot: 'Marmot / Tamalou rules (a row, Aces give cards)' },
    },
    drawFromDiscard: { label: 'A turn may take the top discard instead of drawing' },
    openingDiscard: { label: 'The dealer turns up a first discard' },
    acePower: { label: 'Ace power: give another player a card from the deck' },
    queenPower: { label: 'Queen power', hint: byPreset, values: { 'peek-any': 'Look at any one face-down card', none: 'No power' } },
    jackPower: {
      label: 'Jack power',
      hint: byPreset,
      values: { 'swap-different-benches': 'Swap two cards of two different players', 'swap-any': 'Swap any two cards', none: 'No power' },
    },
    cardValues: {
      label: 'Card values',
      hint: byPreset,
      values: { bench: 'Jack and Queen 10, black King 13', marmot: 'Jack 11, Queen 12, black King 20' },
    },
    callerLowest: { label: 'Dutch caller who is lowest', hint: byPreset, values: { nothing: 'Scores as is', 'bonus-card': 'Draws a bonus card taken off the score' } },
    callerNotLowest: {
      label: 'Dutch caller who is not lowest',
      hint: byPreset,
      values: { 'card-per-player': 'A penalty card per player at or below them', 'one-card': 'One penalty card', nothing: 'Scores as is' },
    },
    callerTies: { label: 'A tie with the Dutch caller', hint: byPreset, values: { 'against-caller': 'Counts against the caller', 'for-caller': 'Counts for the caller' } },
    penaltyCards: { label: 'Penalty cards for a wrong or late snap', hint: 'Empty: 1.' },
    penaltyCardSeen: { label: 'You see your own penalty card' },
    emptyBench: {
      label: 'A player with no cards left',
      hint: byPreset,
      values: { 'auto-dutch': 'Has Dutch called for them at their turn', 'win-round': 'Ends the round at once' },
    },
    endScore: { label: 'End score', hint: 'The game ends after the round in which a total reaches this. Empty: 100.' },
    tieBreak: { label: 'Equal lowest totals', hint: byPreset, values: { 'last-round': 'Lower final round wins', shared: 'Shared win' } },
    snapOthers: { label: 'Optional: snap other players’ matching cards' },
    lastQueenExtends: { label: 'Optional: a Queen in the last final turn sends the final turns round again' },
    memoryAid: { label: 'Memory aid: keep the cards you have seen face up for you (on by default)' },
    snapWindowMs: { label: 'Minimum snap window (milliseconds)', hint: 'A snap this soon after a discard counts even if the card was covered meanwhile. Empty: none.' },
  },
};
