/**
 * The match records this process read or wrote last, so that a move made right after the page's
 * read (or after the previous move) can skip reading the match again. Only a shortcut: the record is
 * used only at the version the player saw, and the conditional write still checks that version (and
 * the sweep's cursor) in the database, so a record changed elsewhere fails the write and the move
 * reads the match afresh.
 */
import type { MatchRecord } from './port.js';

export class RecentMatches {
  private readonly records = new Map<string, MatchRecord>();

  constructor(private readonly capacity = 500) {}

  /** The remembered record of `id` if it is at `version`. */
  at(id: string, version: number): MatchRecord | undefined {
    const record = this.records.get(id);
    return record?.version === version ? record : undefined;
  }

  remember(record: MatchRecord): void {
    // Re-inserting moves the record to the end of the Map's order: the first key is the oldest.
    this.records.delete(record.id);
    this.records.set(record.id, record);
    if (this.records.size > this.capacity) this.records.delete(this.records.keys().next().value!);
  }

  forget(id: string): void {
    this.records.delete(id);
  }
}
