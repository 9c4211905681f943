/**
 * What a game's page module provides. The match page draws the frame (names, whose move, log,
 * share panel, rules help, final result) and hands the board to the game's module.
 */
import type { ComponentType } from 'preact';
import type { Shown } from '../i18n.js';
import type { Match } from '../types.js';

export interface BoardProps {
  match: Match;
  /**
   * Sends a move chosen from `match.legalMoves` (or built like one). Resolves true when the server
   * accepted it; a refusal is shown by the page with the rule's message, so boards need not.
   */
  submit(move: unknown): Promise<boolean>;
  /** A move is being sent: boards disable their actions meanwhile. */
  busy: boolean;
}

export interface RulesHelp {
  title: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export interface OptionLabel {
  label: string;
  hint?: string;
  /** Words for the values of an enum option. */
  values?: Record<string, string>;
  /** A number option shown in a larger unit: the form divides by this (e.g. 3_600_000 for ms shown in hours). */
  scale?: number;
}

export interface GameUi {
  Board: ComponentType<BoardProps>;
  /** Whose move it is in this game's words; null/undefined falls back to the generic sentence. */
  turnText?(match: Match): string | null;
  /** The game's own part of the final score breakdown (the page shows winners, scores, summary). */
  Outcome?: ComponentType<{ match: Match }>;
  /**
   * The rules help for a match with these options in a language (default: the page's), loaded when
   * asked for: one chunk per game and language, kept out of the first download.
   */
  help?(options?: unknown, lang?: Shown): Promise<RulesHelp>;
  /** Labels for this game's match options on the create form. */
  optionLabels?: () => Record<string, OptionLabel>;
  /**
   * The value each option will have given the choices made so far, where that depends on them
   * (a preset deciding the rest). The form shows these, and resets a choice whose default moved.
   */
  optionDefaults?(chosen: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /**
   * What differs between two views of this game, as element keys the board marks (./changed.tsx):
   * moved cards, new pieces, changed scores. Used for "since you last looked" and replay steps.
   */
  changed?(before: unknown, after: unknown): string[];
}
