/**
 * The table's changes as the bot runner takes them: the ids of matches in play with a seat a computer
 * plays whose game (or who plays a seat) just changed (functions/changes.ts `wakesBots`; the storage
 * adapter tells them from every other write of a match: chat, nudge, links, pause, the sweep's update).
 * The answer names the changes to retry, as Lambda's partial batch response does.
 */
import type { ChangeFailures, TableChange } from '../changes.js';
import type { BotRunner } from './runner.js';

/** The match a change wakes the bots for, or null (another item, a removal, no computer seat, a change beside the game). */
export function botMatchOf(change: TableChange): string | null {
  return change.kind === 'match-changed' && change.wakesBots ? change.matchId : null;
}

/**
 * Changes in, the bots' moves made, the changes to retry out. Each match is handled once per batch (it
 * reads the latest state anyway), matches side by side; a match whose run failed reports all its
 * changes, so they are handed over again from the first of them.
 */
export const onBotChanges =
  (runner: Pick<BotRunner, 'handle'>, log: (entry: Record<string, unknown>) => void = (e) => console.log(JSON.stringify(e))) =>
  async (changes: readonly TableChange[]): Promise<ChangeFailures> => {
    const byMatch = new Map<string, string[]>();
    for (const c of changes) {
      const id = botMatchOf(c);
      if (id !== null) byMatch.set(id, [...(byMatch.get(id) ?? []), c.id]);
    }
    const failed = await Promise.all(
      [...byMatch].map(async ([matchId, ids]) => {
        try {
          const report = await runner.handle(matchId);
          if (report.moves > 0) log({ level: 'info', message: 'computer players moved', matchId, ...report });
          return [];
        } catch (err) {
          log({ level: 'error', message: 'computer players failed; the record is retried', matchId, error: String(err) });
          return ids;
        }
      }),
    );
    return { batchItemFailures: failed.flat().map((itemIdentifier) => ({ itemIdentifier })) };
  };
