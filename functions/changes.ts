/**
 * The table's changes as the parts that follow them take them: the computer players (functions/bots/records.ts),
 * the live channel (functions/live/records.ts) and the outbox dispatcher (functions/notify/dispatcher.ts, through
 * functions/storage/stream-records.ts `outboxBatch`). The storage adapter reads its stream's records into these
 * (functions/storage/stream-records.ts); the one stream reader (functions/fan-out.ts, on Lambda and in the local
 * stream lane) sends each to the queue of each part that wants it (functions/queues.ts), and each part takes
 * them back from its queue. Nothing here knows how the database writes its stream.
 */
import type { OutboxEntry } from './notify/port.js';

/** A match created or changed. */
export interface MatchChanged {
  kind: 'match-changed';
  /** The change's id in its batch (what a retry names). */
  id: string;
  matchId: string;
  /** The version the match is at now; null when the change does not say. */
  version: number | null;
  /**
   * The change gives a computer something to do: its game or who plays a seat changed, in a match in play
   * with a seat a computer plays (functions/matches/bot-seats.ts `wakesBots`).
   */
  wakesBots: boolean;
  /**
   * A computer seat whose reaction (a snap) has waited its human-like moment: the delayed message the
   * computer players sent themselves (functions/bots/runner.ts). The reaction is decided again now and made.
   */
  reactionSeat?: number;
}

/** Notices to deliver: an outbox row, or a log record whose notifications are not delivered yet. */
export interface OutboxChanged {
  kind: 'outbox';
  id: string;
  entry: OutboxEntry;
}

/** Any other change (a removal, an item of another kind): every reader lets it pass. */
export interface OtherChange {
  kind: 'other';
  id: string;
}

export type TableChange = MatchChanged | OutboxChanged | OtherChange;

/** The ids of the changes to hand over again (the shape of Lambda's partial batch response). */
export interface ChangeFailures {
  batchItemFailures: { itemIdentifier: string }[];
}
