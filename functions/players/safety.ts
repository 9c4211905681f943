/**
 * Block and report (issue 28, "Safety"). A block keeps two players apart: quick match never seats them together
 * (`avoided`, both directions), the chat of a match they share hides the blocked one's messages from the blocker
 * (the server leaves them out: functions/http/routes/chat.ts), and challenges ask `isBlocked`. A report names a
 * player, their name or one chat message, with a reason from a short list and the reporter's own words; it is
 * stored for the operator (./moderation.ts), at most REPORTS_PER_DAY a reporter.
 */
import { randomUUID } from 'node:crypto';
import { PlayerError } from './errors.js';
import type { BlockEntry, ReportKind, ReportReason, ReportRecord, SafetyStore } from './safety-port.js';

/** A player may block at most this many (a list to read on one page, one Query). */
export const MAX_BLOCKS = 200;
export const REPORTS_PER_DAY = 10;
export const REPORT_TEXT_MAX = 500;

export interface SafetyDeps {
  store: SafetyStore;
  clock: () => number;
}

export interface ReportInput {
  target: string;
  targetName: string | null;
  kind: ReportKind;
  reason: ReportReason;
  text?: string;
  chat?: { matchId: string; seq: number; text: string };
}

export class Safety {
  constructor(readonly deps: SafetyDeps) {}

  /** `who` blocks `other` (again: nothing new). */
  async block(who: string, other: string): Promise<void> {
    if (who === other) throw new PlayerError('cannot-block-self', 'error.cannot-block-self');
    const { blocked } = await this.deps.store.blocks(who);
    if (blocked.some((b) => b.playerId === other)) return;
    if (blocked.length >= MAX_BLOCKS)
      throw new PlayerError('too-many-blocks', { key: 'error.too-many-blocks', params: { max: MAX_BLOCKS } });
    await this.deps.store.block(who, other, this.deps.clock());
  }

  unblock(who: string, other: string): Promise<void> {
    return this.deps.store.unblock(who, other);
  }

  /** Whom `who` blocked, most recent first. */
  async blocked(who: string): Promise<BlockEntry[]> {
    return (await this.deps.store.blocks(who)).blocked.sort((a, b) => b.at - a.at);
  }

  /** True when either player blocked the other: for challenges (and anything else that brings two players together). */
  isBlocked(a: string, b: string): Promise<boolean> {
    return this.deps.store.eitherBlocked(a, b);
  }

  /** Everyone quick match must keep away from `who`: whom they blocked and who blocked them. */
  async avoided(who: string): Promise<Set<string>> {
    const { blocked, blockedBy } = await this.deps.store.blocks(who);
    return new Set([...blocked.map((b) => b.playerId), ...blockedBy]);
  }

  /** Only whom `who` blocked (their chat is hidden from `who`; the other way round stays visible). */
  async hiddenFrom(who: string): Promise<Set<string>> {
    return new Set((await this.deps.store.blocks(who)).blocked.map((b) => b.playerId));
  }

  /** Stores a report for the operator; refused past REPORTS_PER_DAY (with when to try again). */
  async report(reporter: string, input: ReportInput): Promise<ReportRecord> {
    if (reporter === input.target) throw new PlayerError('cannot-report-self', 'error.cannot-report-self');
    const now = this.deps.clock();
    const counted = await this.deps.store.countReport(reporter, now, REPORTS_PER_DAY);
    if (!counted.ok) {
      const hours = Math.max(1, Math.ceil((counted.retryAt - now) / 3_600_000));
      throw new PlayerError(
        'report-limit',
        { key: 'error.report-limit', params: { max: REPORTS_PER_DAY, hours } },
        Math.ceil((counted.retryAt - now) / 1000),
      );
    }
    const text = input.text?.trim();
    const report: ReportRecord = {
      id: randomUUID(),
      at: now,
      reporter,
      target: input.target,
      targetName: input.targetName,
      kind: input.kind,
      reason: input.reason,
      ...(text ? { text: text.slice(0, REPORT_TEXT_MAX) } : {}),
      ...(input.chat ? { chat: input.chat } : {}),
    };
    await this.deps.store.putReport(report);
    return report;
  }

  /** Refuses a suspended player a place in open games and quick match. */
  async mustNotBeSuspended(playerId: string): Promise<void> {
    if ((await this.deps.store.standing(playerId)).suspended) throw new PlayerError('suspended', 'error.suspended');
  }

  /** Whether the operator hid this player (their page is not found, their name a placeholder). */
  async hidden(playerId: string): Promise<boolean> {
    return (await this.deps.store.standing(playerId)).hidden === true;
  }
}
