/**
 * Readable labels for any game's moves, for the plain board used by games without a page of
 * their own: `{ kind: 'take-guild', colour: 'red', from: { at: 'province', province: 'holland' } }`
 * becomes "Take guild: colour red, from province holland". The field names are the game's code, shown
 * as they are; only the words for empty and yes/no values are the site's.
 */
import { t } from '../../i18n.js';

const words = (s: string) =>
  s
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
const capital = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

function valueText(v: unknown): string {
  if (v === null || v === undefined) return t('match.board.value.none');
  if (typeof v === 'boolean') return v ? t('match.board.value.yes') : t('match.board.value.no');
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.length === 0 ? t('match.board.value.nothing') : v.map(valueText).join(', ');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const head = typeof o.at === 'string' ? [o.at] : [];
    const rest = Object.entries(o)
      .filter(([k]) => k !== 'at')
      .map(([k, x]) => (head.length && typeof x !== 'object' ? valueText(x) : `${words(k)} ${valueText(x)}`));
    return [...head, ...rest].join(' ');
  }
  return String(v);
}

/** The move's `kind` (or `type`) in words: "Take guild". */
function kindWords(move: unknown): string {
  const m = (move !== null && typeof move === 'object' ? move : {}) as Record<string, unknown>;
  const kind = typeof m.kind === 'string' ? m.kind : typeof m.type === 'string' ? m.type : 'move';
  return capital(words(kind));
}

/** The label of one move. */
export function moveLabel(move: unknown): string {
  if (move === null || typeof move !== 'object') return valueText(move);
  const parts = Object.entries(move)
    .filter(([k]) => k !== 'kind' && k !== 'type')
    .map(([k, v]) => `${words(k)} ${valueText(v)}`);
  return kindWords(move) + (parts.length ? `: ${parts.join(', ')}` : '');
}

/** The kind of a move, for grouping ("Commit", "Add"). */
export function moveGroup(move: unknown): string {
  return kindWords(move);
}
