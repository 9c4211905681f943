/**
 * The pseudo-locale's text: English letters swapped for accented ones (so a string that skipped the
 * catalog stands out even where the markers are cut off), each whole message wrapped in ⟦…⟧ by the
 * compiler that uses this (web/build.ts, functions/i18n.ts). A page shown in it must have no letter
 * outside the markers (tests/web/support/pseudo.ts).
 */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  y: 'ý',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  z: 'ž',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  Y: 'Ý',
  C: 'Ç',
  N: 'Ñ',
  S: 'Š',
  Z: 'Ž',
};

/** Text parts of a message, accented (placeholders are never passed here). */
export function pseudoText(text: string): string {
  return text.replace(/[aeiouycnszAEIOUYCNSZ]/g, (ch) => ACCENTED[ch] ?? ch);
}
