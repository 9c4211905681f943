/**
 * Words into text, the same on the page and on the server: an engine's log line, rule error or
 * result (`Words`: a catalog key and its parameters, shared/engine/game.ts) becomes one string in a
 * language. The caller supplies the language's parts (`Speaker`): its translate function (lingui's,
 * compiled from shared/i18n), seat names and list formatting. Pure; no catalog is imported here.
 *
 * Older matches hold English text with `{0}`-style seat placeholders instead of words (stored
 * results, outbox lines written before the engines moved to keys): `shown` reads either.
 */
import type { Param, Params, Words } from '../engine/game.js';

/** What a seat needs to be told apart as a computer's: `bot` when a computer plays it, `standIn` when for its player. */
export type BotSeat = { readonly bot?: { readonly level: string; readonly standIn?: string | undefined } | undefined } | undefined;

const madeForComputer = (s: BotSeat): boolean => s?.bot !== undefined && s.bot.standIn === undefined;

/**
 * The name of a seat made for a computer, as words (`bots.name`): "Computer (strong)" when the match has
 * one, "Computer 1 (strong)", "Computer 2 (strong)"… in seat order when it has more, so every log line,
 * mail and replay tells them apart. Null for any other seat (a player's, or one a computer stands in for).
 */
export function computerName(seats: readonly BotSeat[], seat: number): Words | null {
  const s = seats[seat];
  if (!madeForComputer(s)) return null;
  const n = computerNumbers(seats.map(madeForComputer))[seat] ?? 0;
  return { key: 'bots.name', params: { n, level: s!.bot!.level } };
}

/**
 * The number of each seat's computer among several (1, 2… in seat order), 0 when the match has just one
 * (or none): the one numbering of the names above and of the English names the server stores.
 */
export function computerNumbers(isComputer: readonly boolean[]): number[] {
  const count = isComputer.filter(Boolean).length;
  let k = 0;
  return isComputer.map((c) => (c && count > 1 ? ++k : 0));
}

export interface Speaker {
  /** The message `key` in the speaker's language, its placeholders filled from `params`. */
  t(key: string, params?: Record<string, string | number>): string;
  /** The name shown for a seat (its player's name, or "Seat 2" in the speaker's language). */
  seatName(seat: number): string;
  /** "Ann, Bob and Cy" in the speaker's language. */
  list(items: readonly string[]): string;
}

/**
 * Something to say, the one verb for words into text: a log line, rule error or result by its words (`key`,
 * `params`), or an older record's stored English (`text`, `message` or `summary`) with names put in.
 */
export interface Sayable {
  readonly key?: string;
  readonly params?: Params;
  readonly text?: string;
  readonly message?: string;
  readonly summary?: string;
}

/**
 * `x` in the speaker's language: its words when it has a key (nested words and lists rendered first,
 * seats by name), else its stored English with names put in; '' when it has neither.
 */
export function say(x: Sayable, speaker: Speaker, seats?: number): string {
  if (x.key) return speaker.t(x.key, x.params ? resolve(x.params, speaker) : undefined);
  const text = x.text ?? x.message ?? x.summary;
  return text === undefined ? '' : namedText(text, speaker, seats);
}

function resolve(params: Params, speaker: Speaker): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) out[name] = param(value, speaker);
  return out;
}

function param(value: Param, speaker: Speaker): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if ('seat' in value) return speaker.seatName(value.seat);
  if ('list' in value) {
    const { each } = value;
    return speaker.list(
      value.list.map((v) => (each && typeof v !== 'object' ? say({ key: `${each}.${v}` }, speaker) : String(param(v, speaker)))),
    );
  }
  return say(value, speaker);
}

/** English text of an older record, seat placeholders `{0}`, `{1}`… replaced by names; others left as they are. */
export function namedText(text: string, speaker: Pick<Speaker, 'seatName'>, seats = 8): string {
  return text.replace(/\{(\d)\}/g, (whole, n: string) => (Number(n) < seats ? speaker.seatName(Number(n)) : whole));
}
