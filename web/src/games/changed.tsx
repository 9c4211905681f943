/**
 * What changed on a board: the match page (or a replay step) provides the element keys a game's
 * `changed(before, after)` found, and the board marks those elements — a class for the outline and
 * words for everyone (a visible "changed" tag, or the words in a card's label), never colour alone.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export interface Changes {
  keys: ReadonlySet<string>;
  /** How the change is said: "changed since you last looked", "changed in this step". */
  words: string;
}

export const ChangedContext = createContext<Changes>({ keys: new Set(), words: '' });

/** The changes the board is asked to show (none outside a provider). */
export const useChanged = (): Changes => useContext(ChangedContext);

/** Appended to an element's accessible label when it changed. */
export function changedLabel(changes: Changes, key: string): string {
  return changes.keys.has(key) ? `; ${changes.words}` : '';
}

/** A small visible tag inside a changed element; the element around it is outlined by CSS (`:has`). */
export function ChangedTag({ k, what }: { k: string; what?: string }) {
  const changes = useChanged();
  if (!changes.keys.has(k)) return null;
  return (
    <span class="changed-tag" data-changed={k}>
      {what ? `${what} ${changes.words}` : changes.words}
    </span>
  );
}

/** Keys of the entries of two lists that differ (JSON), as `${prefix}:${index}`. */
export function changedEntries(prefix: string, before: readonly unknown[] | undefined, after: readonly unknown[] | undefined): string[] {
  const out: string[] = [];
  const n = Math.max(before?.length ?? 0, after?.length ?? 0);
  for (let i = 0; i < n; i++) {
    if (JSON.stringify(before?.[i] ?? null) !== JSON.stringify(after?.[i] ?? null)) out.push(`${prefix}:${i}`);
  }
  return out;
}
