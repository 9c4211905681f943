/** The page module of Dutch, the memory card game (Cambio family), registered in ../index.ts. */
import { HOUR_MS, PRESET_RULES, PRESETS, type Preset, resolveRules } from '#shared/games/dutch-memory/presets.js';
import { seatName } from '../../text.js';
import { type HelpModules, loadHelp } from '../help.js';
import type { Shown } from '../../i18n.js';
import type { GameUi, OptionLabel, RulesHelp } from '../types.js';
import { DutchMemoryBoard } from './Board.js';
import { dutchMemoryChanged } from './changed.js';
import { type View, turnText } from './logic.js';
import { DutchMemoryOutcome } from './ScoreSheet.js';

const PRESET_NAMES: Record<Preset, string> = { bench: 'Bench', marmot: 'Marmot' };

/** Words for an option's value: its own value words, else yes/no. */
function valueWords(label: Omit<OptionLabel, 'label'> & { label?: string }, v: unknown): string {
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return label.values?.[String(v)]?.toLowerCase() ?? String(v);
}

/**
 * An option's hint: what it does beyond its label, then what each rule set has (where they differ
 * or the option belongs to one preset's text).
 */
function withPresets(key: keyof (typeof PRESET_RULES)['bench'], label: OptionLabel): OptionLabel {
  const per = PRESETS.map((p) => `${PRESET_NAMES[p]}: ${valueWords(label, PRESET_RULES[p][key])}`).join('; ');
  return { ...label, hint: `${label.hint ? `${label.hint} ` : ''}${per}.` };
}

/** The rules help, one lazily loaded chunk per language. */
const HELP: HelpModules = {
  en: () => import('#shared/games/dutch-memory/help/en.js'),
  nl: () => import('#shared/games/dutch-memory/help/nl.js'),
};

export const dutchMemoryUi: GameUi = {
  changed: dutchMemoryChanged,
  Board: DutchMemoryBoard,
  Outcome: DutchMemoryOutcome,
  turnText(match) {
    const view = match.view as View | null;
    if (match.status !== 'active' || !view || view.game !== 'dutch-memory') return null;
    return turnText(view, { name: (s) => seatName(match.seats, s), me: match.you });
  },
  help: async (_options?: unknown, lang?: Shown): Promise<RulesHelp> => (await loadHelp(HELP, lang)).help,
  optionLabels: () => ({
    preset: {
      label: 'Rule set',
      hint:
        'Bench: cards in a 2×2 square, a first discard, you may take the top discard. Marmot: a row of four, no taking from the pile, ' +
        'Aces give cards, you may snap other players’ cards, a random first dealer. Picking one sets every choice below to its values; ' +
        'you can still change them one by one.',
      values: { bench: 'Bench rules', marmot: 'Marmot / Tamalou rules' },
    },
    drawFromDiscard: withPresets('drawFromDiscard', {
      label: 'Take the top discard instead of drawing',
      hint: 'The card taken replaces one of yours, and everyone has seen it.',
    }),
    openingDiscard: withPresets('openingDiscard', {
      label: 'The dealer turns up a first discard',
      hint: 'Without it the pile starts with the first player’s discard.',
    }),
    acePower: withPresets('acePower', {
      label: 'Ace power',
      hint: 'Whoever discards an Ace may give another player the top card of the deck, unseen.',
    }),
    queenPower: withPresets('queenPower', {
      label: 'Queen power',
      hint: 'Used by whoever discards the Queen; only they see the card.',
      values: { 'peek-any': 'Look at any one face-down card', none: 'No power' },
    }),
    jackPower: withPresets('jackPower', {
      label: 'Jack power',
      hint: 'The two cards change places unseen, in view of the whole table.',
      values: { 'swap-different-benches': 'Swap two cards of two different players', 'swap-any': 'Swap any two cards', none: 'No power' },
    }),
    cardValues: withPresets('cardValues', {
      label: 'Card values',
      hint: 'In both: Ace 1, numbers at face value, red King 0.',
      values: { bench: 'Jack and Queen 10, black King 13', marmot: 'Jack 11, Queen 12, black King 20' },
    }),
    callerLowest: withPresets('callerLowest', {
      label: 'Dutch caller who is lowest',
      hint: 'Counted after the final turns; a bonus card’s value comes off the round score.',
      values: { nothing: 'Scores as is', 'bonus-card': 'Draws a bonus card' },
    }),
    callerNotLowest: withPresets('callerNotLowest', {
      label: 'Dutch caller who is not lowest',
      hint: 'Penalty cards come from the deck and add their value.',
      values: { 'card-per-player': 'A penalty card per player at or below them', 'one-card': 'One penalty card', nothing: 'Scores as is' },
    }),
    callerTies: withPresets('callerTies', {
      label: 'A tie with the Dutch caller',
      hint: 'Decides whether an equal score beats the caller.',
      values: { 'against-caller': 'Counts against the caller', 'for-caller': 'Counts for the caller' },
    }),
    penaltyCards: withPresets('penaltyCards', { label: 'Penalty cards for a wrong or late snap', hint: '0 to 3, from the deck.' }),
    penaltyCardSeen: withPresets('penaltyCardSeen', {
      label: 'You see your own penalty card',
      hint: 'Otherwise it lies face down, unknown to you too.',
    }),
    emptyBench: withPresets('emptyBench', {
      label: 'A player with no cards left',
      hint: 'Snapping can leave someone with none.',
      values: { 'auto-dutch': 'Has Dutch called for them at their turn', 'win-round': 'Ends the round at once' },
    }),
    endScore: {
      label: 'End score',
      hint: 'The game ends after the round in which someone’s total reaches this; the lowest total wins. 1 to 500.',
    },
    tieBreak: withPresets('tieBreak', {
      label: 'Equal lowest totals',
      hint: 'At the end of the game.',
      values: { 'last-round': 'Lower final round wins', shared: 'Shared win' },
    }),
    snapOthers: withPresets('snapOthers', {
      label: 'Snap other players’ cards',
      hint: 'Throw a card you know is someone else’s onto a matching discard.',
    }),
    othersSnap: withPresets('othersSnap', {
      label: 'After snapping another player’s card',
      hint: 'Only with snapping other players’ cards on.',
      values: {
        'give-back': 'You may hand them one of your cards; a miss costs double',
        'replace-and-penalty': 'They take a new card in its place and a penalty card',
      },
    }),
    firstDealer: withPresets('firstDealer', {
      label: 'First dealer',
      hint: 'The player after the dealer starts; the deal moves on one seat each round.',
      values: { 'last-seat': 'The last seat (the first seat starts)', random: 'Drawn at random' },
    }),
    lastQueenExtends: {
      label: 'A Queen in the last final turn sends the final turns round again',
      hint: 'An optional bench rule, off in both rule sets unless ticked.',
    },
    memoryAid: {
      label: 'Memory aid',
      hint:
        'Keeps the faces of the cards you have rightly seen visible to you alone, since a match lasts days. Untick it for a pure memory game: ' +
        'a card you look at is then shown once.',
    },
    snapWindowMs: {
      label: 'Minimum snap window (hours)',
      scale: HOUR_MS,
      hint:
        'A snap sent within this time of a card landing counts even if the card has been covered since, so players who look in once a ' +
        'day still get their snaps. 0: a card can be snapped only until it is covered, as at a table (for live play). Up to 168.',
    },
  }),
  optionDefaults: (chosen) => {
    const preset = PRESETS.find((p) => p === chosen.preset) ?? 'bench';
    return { ...resolveRules({ preset }) };
  },
};
