/**
 * "N moves since you last looked": how many logged changes by the others (with lines this viewer can
 * read) came after the version the seat last saw. The match read brings only the newest LOG_PAGE log
 * records, so past that page the count is a lower bound until the replay answer the page asks for
 * anyway (for the view last seen) brings the exact number (`since`, functions/matches/replay.ts); the
 * records that arrive after that answer are added from the log as they come.
 */
import { t } from '../../i18n.js';
import type { LogRecord } from '../../types.js';
import { LOG_PAGE } from '../LogPanel.js';

/** The replay answer's count: `since` changes after `from`, up to the match's `version` then. */
export interface ExactSince {
  from: number;
  version: number;
  since: number;
}

export interface SinceCount {
  count: number;
  /** The log page does not reach back to `seenUpTo` and no exact number came yet: there may be more. */
  atLeast: boolean;
}

export function countSince(
  log: readonly LogRecord[],
  seenUpTo: number | null,
  you: number | null,
  olderDone: boolean,
  exact: ExactSince | null,
): SinceCount {
  if (seenUpTo === null) return { count: 0, atLeast: false };
  const fromOthers = (r: LogRecord, after: number) => r.version > after && r.seat !== you && r.entries.length > 0;
  if (exact !== null && exact.from === seenUpTo) {
    return { count: exact.since + log.filter((r) => fromOthers(r, exact.version)).length, atLeast: false };
  }
  const whole = olderDone || log.length < LOG_PAGE || log.some((r) => r.version <= seenUpTo);
  return { count: log.filter((r) => fromOthers(r, seenUpTo)).length, atLeast: !whole };
}

/** The bar's sentence for the count. */
export function sinceWords({ count, atLeast }: SinceCount): string {
  return t(atLeast ? 'match.since.textAtLeast' : 'match.since.text', { count });
}
