/**
 * The table's changes as the bot runner takes them: the ids of matches in play with a seat a computer
 * plays whose game (or who plays a seat) just changed (functions/changes.ts `wakesBots`; the storage
 * adapter tells them from every other write of a match: chat, nudge, links, pause, the sweep's update).
 * The answer names the changes to retry, as Lambda's partial batch response does. The changes come from the
 * computers' own queue (functions/queues.ts), fed by the one stream reader (functions/fan-out.ts) and by the
 * runner's own delayed messages (`reactionLater`).
 */
import type { Seat } from '#shared/engine/game.js';
import type { ChangeFailures, TableChange } from '../changes.js';
import type { ChangeQueue } from '../queues.js';
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
    // A delayed message names the seat whose reaction has waited its moment (./runner.ts `later`).
    const waited = new Map<string, Seat>();
    for (const c of changes) {
      const id = botMatchOf(c);
      if (id !== null) byMatch.set(id, [...(byMatch.get(id) ?? []), c.id]);
      if (id !== null && c.kind === 'match-changed' && c.reactionSeat !== undefined) waited.set(id, c.reactionSeat);
    }
    const failed = await Promise.all(
      [...byMatch].map(async ([matchId, ids]) => {
        try {
          const report = await runner.handle(matchId, waited.get(matchId));
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

/**
 * The runner's `later` on the computers' own queue: a delayed message that names the match and the seat
 * whose reaction waits. Throws when the queue would not take it, so the message being handled is retried.
 */
export const reactionLater =
  (queue: ChangeQueue) =>
  async (matchId: string, seat: Seat, delaySeconds: number): Promise<void> => {
    const change = { kind: 'match-changed', matchId, version: null, wakesBots: true, reactionSeat: seat } as const;
    const unsent = await queue.send([{ id: 'reaction', change, delaySeconds }]);
    if (unsent.length > 0) throw new Error(`the reaction of seat ${seat} in ${matchId} could not be queued`);
  };
