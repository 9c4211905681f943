/**
 * Player names: what a name may be (3–24 characters of letters, digits, spaces and `-_.`), the key that makes
 * it unique whatever its case (`nameKey`), and the name filter: a short list of English and Dutch words no
 * name may hold, matched after undoing the usual disguises (case, accents, digits and signs for letters,
 * letters repeated or spaced out). Pure: no store, no clock. The store keeps one item per key
 * (functions/storage/table.ts `playerKeys.name`), so two players never hold names that differ only in case.
 */

export const NAME_MIN = 3;
export const NAME_MAX = 24;
/** A name is changed at most once in this long (the first choice is free). */
export const NAME_CHANGE_EVERY_MS = 30 * 24 * 3600 * 1000;

/** Why a name is refused before anyone else's is looked at. */
export type NameProblem = 'length' | 'characters' | 'refused';

/** Letters, digits, and single spaces, hyphens, underscores or dots between them. */
const SHAPE = /^[\p{L}\p{N}](?:[\p{L}\p{N}]|[ _.-](?=[\p{L}\p{N}]))*$/u;

/** The name as it will be shown: NFC, trimmed, runs of spaces as one. */
export const tidyName = (raw: string) => raw.normalize('NFC').trim().replace(/\s+/gu, ' ');

/** The unique key of a name: its case folded (locale-free), so "Anna", "ANNA" and "anna" are one name. */
export const nameKey = (name: string) => tidyName(name).normalize('NFKC').toLowerCase();

/**
 * Words no name may contain anywhere (after `disguised` below): strong enough that a longer word holding
 * them is rare and better refused. English first, then Dutch.
 */
const ANYWHERE = [
  // English
  'fuck',
  'shit',
  'bitch',
  'nigger',
  'nigga',
  'faggot',
  'whore',
  'slut',
  'rapist',
  'hitler',
  'asshole',
  'wanker',
  'retard',
  'pussy',
  'motherf',
  // Dutch
  'kanker',
  'klootzak',
  'kutwijf',
  'teringlijer',
  'tyfus',
  'godverdomme',
  'mongool',
  'nikker',
  'flikker',
  'hoerenjong',
  'neuken',
] as const;

/**
 * Words refused only as the whole name or a whole part of it (between spaces and signs): inside longer
 * words they are innocent ("catering", "Dickens", "kuttermes" is no word, but "skut" is).
 */
const WHOLE = [
  // English
  'dick',
  'cock',
  'cunt',
  'nazi',
  'fag',
  'rape',
  'twat',
  'prick',
  'kkk',
  // Dutch
  'kut',
  'lul',
  'hoer',
  'slet',
  'pik',
  'tering',
  'eikel',
  'mof',
  // Names that would pass for the site's own voice
  'admin',
  'administrator',
  'moderator',
  'dutch',
  'system',
  'support',
] as const;

/** Digits and signs written for letters. */
const LOOKALIKE: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '|': 'i',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '6': 'g',
  '7': 't',
  '8': 'b',
  '9': 'g',
};

/** The parts of a name as letters, disguises undone: lower case, no accents, look-alikes read as letters. */
export function disguised(name: string): string[] {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[0-9!|@$]/g, (ch) => LOOKALIKE[ch] ?? ch);
  return plain.split(/[^\p{L}]+/u).filter((p) => p !== '');
}

/**
 * A listed word with each letter allowed to repeat ("fuuuck"), but never fewer than the word has: squeezing
 * both sides instead would make "nigger" meet "Niger" and "Nigeria".
 */
const stretched = (word: string) => [...word].map((ch) => `${ch}+`).join('');
const ANYWHERE_RE = new RegExp(ANYWHERE.map(stretched).join('|'), 'u');
const WHOLE_RE = new RegExp(`^(?:${WHOLE.map(stretched).join('|')})$`, 'u');

/** True when the filter refuses the name: a listed word in it, however disguised, spaced out or split. */
export function refusedByFilter(name: string): boolean {
  const parts = disguised(name);
  const joined = parts.join('');
  // Joined, so "f.u.c.k" and "kan ker" meet the list as "fuck" and "kanker" do.
  if (ANYWHERE_RE.test(joined)) return true;
  return WHOLE_RE.test(joined) || parts.some((p) => WHOLE_RE.test(p));
}

/** What is wrong with a name, or null when it may be claimed (if nobody holds it). */
export function nameProblem(raw: string): NameProblem | null {
  const name = tidyName(raw);
  const length = [...name].length;
  if (length < NAME_MIN || length > NAME_MAX) return 'length';
  if (!SHAPE.test(name)) return 'characters';
  if (refusedByFilter(name)) return 'refused';
  return null;
}
