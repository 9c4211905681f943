/** The page module of Dutch, the memory card game (Cambio family), registered in ../index.ts. */
import { HOUR_MS, PRESET_RULES, PRESETS, resolveRules } from '#shared/games/dutch-memory/presets.js';
import { seatName } from '../../text.js';
import { type HelpModules, loadHelp } from '../help.js';
import type { Shown } from '../../i18n.js';
import type { GameUi, OptionLabel, RulesHelp } from '../types.js';
import { DutchMemoryBoard } from './Board.js';
import { dutchMemoryChanged } from './changed.js';
import { type View, turnText } from './logic.js';
import { DutchMemoryOutcome } from './ScoreSheet.js';
import { o } from './words.js';

/** Words for an option's value: its own value words, else yes/no. */
function valueWords(label: Omit<OptionLabel, 'label'> & { label?: string }, v: unknown): string {
  if (typeof v === 'boolean') return v ? o('yes') : o('no');
  return label.values?.[String(v)]?.toLowerCase() ?? String(v);
}

/**
 * An option's hint: what it does beyond its label, then what each rule set has (where they differ
 * or the option belongs to one preset's text).
 */
function withPresets(key: keyof (typeof PRESET_RULES)['bench'], label: OptionLabel): OptionLabel {
  const per = PRESETS.map((p) => o('perPreset', { preset: p, value: valueWords(label, PRESET_RULES[p][key]) })).join('; ');
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
      label: o('preset.label'),
      hint: o('preset.hint'),
      values: { bench: o('preset.bench'), marmot: o('preset.marmot') },
    },
    drawFromDiscard: withPresets('drawFromDiscard', { label: o('drawFromDiscard.label'), hint: o('drawFromDiscard.hint') }),
    openingDiscard: withPresets('openingDiscard', { label: o('openingDiscard.label'), hint: o('openingDiscard.hint') }),
    acePower: withPresets('acePower', { label: o('acePower.label'), hint: o('acePower.hint') }),
    queenPower: withPresets('queenPower', {
      label: o('queenPower.label'),
      hint: o('queenPower.hint'),
      values: { 'peek-any': o('queenPower.peek-any'), none: o('noPower') },
    }),
    jackPower: withPresets('jackPower', {
      label: o('jackPower.label'),
      hint: o('jackPower.hint'),
      values: {
        'swap-different-benches': o('jackPower.swap-different-benches'),
        'swap-any': o('jackPower.swap-any'),
        none: o('noPower'),
      },
    }),
    cardValues: withPresets('cardValues', {
      label: o('cardValues.label'),
      hint: o('cardValues.hint'),
      values: { bench: o('cardValues.bench'), marmot: o('cardValues.marmot') },
    }),
    callerLowest: withPresets('callerLowest', {
      label: o('callerLowest.label'),
      hint: o('callerLowest.hint'),
      values: { nothing: o('asIs'), 'bonus-card': o('callerLowest.bonus-card') },
    }),
    callerNotLowest: withPresets('callerNotLowest', {
      label: o('callerNotLowest.label'),
      hint: o('callerNotLowest.hint'),
      values: { 'card-per-player': o('callerNotLowest.card-per-player'), 'one-card': o('callerNotLowest.one-card'), nothing: o('asIs') },
    }),
    callerTies: withPresets('callerTies', {
      label: o('callerTies.label'),
      hint: o('callerTies.hint'),
      values: { 'against-caller': o('callerTies.against-caller'), 'for-caller': o('callerTies.for-caller') },
    }),
    penaltyCards: withPresets('penaltyCards', { label: o('penaltyCards.label'), hint: o('penaltyCards.hint') }),
    penaltyCardSeen: withPresets('penaltyCardSeen', { label: o('penaltyCardSeen.label'), hint: o('penaltyCardSeen.hint') }),
    emptyBench: withPresets('emptyBench', {
      label: o('emptyBench.label'),
      hint: o('emptyBench.hint'),
      values: { 'auto-dutch': o('emptyBench.auto-dutch'), 'win-round': o('emptyBench.win-round') },
    }),
    endScore: { label: o('endScore.label'), hint: o('endScore.hint') },
    tieBreak: withPresets('tieBreak', {
      label: o('tieBreak.label'),
      hint: o('tieBreak.hint'),
      values: { 'last-round': o('tieBreak.last-round'), shared: o('tieBreak.shared') },
    }),
    snapOthers: withPresets('snapOthers', { label: o('snapOthers.label'), hint: o('snapOthers.hint') }),
    othersSnap: withPresets('othersSnap', {
      label: o('othersSnap.label'),
      hint: o('othersSnap.hint'),
      values: { 'give-back': o('othersSnap.give-back'), 'replace-and-penalty': o('othersSnap.replace-and-penalty') },
    }),
    firstDealer: withPresets('firstDealer', {
      label: o('firstDealer.label'),
      hint: o('firstDealer.hint'),
      values: { 'last-seat': o('firstDealer.last-seat'), random: o('firstDealer.random') },
    }),
    lastQueenExtends: { label: o('lastQueenExtends.label'), hint: o('lastQueenExtends.hint') },
    memoryAid: { label: o('memoryAid.label'), hint: o('memoryAid.hint') },
    snapWindowMs: { label: o('snapWindowMs.label'), scale: HOUR_MS, hint: o('snapWindowMs.hint') },
  }),
  optionDefaults: (chosen) => {
    const preset = PRESETS.find((p) => p === chosen.preset) ?? 'bench';
    return { ...resolveRules({ preset }) };
  },
};
