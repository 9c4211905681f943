/**
 * The safety store's port (issue 28, "Safety"): who blocked whom, reports for the operator, a player's standing
 * (hidden, suspended from open games) and the operator's log. The DynamoDB adapter is
 * functions/storage/safety-dynamo.ts, its twin functions/storage/memory/safety.ts; both are held to
 * tests/contracts/safety-store.contract.ts. The logic is ./safety.ts and ./moderation.ts.
 */

/** A block as its blocker's list shows it. */
export interface BlockEntry {
  playerId: string;
  at: number;
}

/** Both sides of one player's blocks: whom they blocked, and who blocked them (never shown to them). */
export interface BlockLists {
  blocked: BlockEntry[];
  blockedBy: string[];
}

export const REPORT_KINDS = ['player', 'name', 'chat'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_REASONS = ['abuse', 'spam', 'cheating', 'offensive-name', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report as the operator reads it. */
export interface ReportRecord {
  id: string;
  at: number;
  reporter: string;
  /** The player reported. */
  target: string;
  /** Their name when reported (a name may change or be hidden since). */
  targetName: string | null;
  kind: ReportKind;
  reason: ReportReason;
  /** The reporter's own words, at most REPORT_TEXT_MAX characters. */
  text?: string;
  /** A chat message reported: its match, number and text as it was. */
  chat?: { matchId: string; seq: number; text: string };
}

/** What the operator decided about a player: absent fields are false. */
export interface Standing {
  hidden?: boolean;
  suspended?: boolean;
}

export const MOD_ACTIONS = ['rename', 'hide', 'unhide', 'suspend', 'unsuspend'] as const;
export type ModActionKind = (typeof MOD_ACTIONS)[number];

/** One line of the operator's log: who did what to whom, and why. */
export interface ModAction {
  id: string;
  at: number;
  action: ModActionKind;
  playerId: string;
  by: string;
  why: string;
  /** A rename's old and new names. */
  detail?: Record<string, string>;
}

/** A page of a newest-first list, and where the next one starts. */
export interface Page<T> {
  items: T[];
  next?: string;
}

export type Counted = { ok: true } | { ok: false; retryAt: number };

export interface SafetyStore {
  /** Writes both sides of the block in one transaction (again: nothing changes but the time). */
  block(blocker: string, blocked: string, now: number): Promise<void>;
  /** Removes both sides; nothing when there was no block. */
  unblock(blocker: string, blocked: string): Promise<void>;
  /** The player's blocks both ways, in one Query of their own partition (consistent: a block holds at once). */
  blocks(playerId: string): Promise<BlockLists>;
  /** Whether either player blocked the other (two items of one partition, one read). */
  eitherBlocked(a: string, b: string): Promise<boolean>;
  /** Counts one report against the reporter's cap for the day `now` falls in; refused, nothing counted, when full. */
  countReport(reporter: string, now: number, cap: number): Promise<Counted>;
  putReport(report: ReportRecord): Promise<void>;
  /** Reports newest first, `limit` a page; `cursor` is a page's `next`. */
  reports(limit: number, cursor?: string): Promise<Page<ReportRecord>>;
  standing(playerId: string): Promise<Standing>;
  /** The standings of several players (absent: nothing decided). */
  standings(playerIds: string[]): Promise<Map<string, Standing>>;
  /** Changes the player's standing and logs the action, in one transaction (`change` null: the log line only). */
  act(action: ModAction, change: Partial<Standing> | null): Promise<void>;
  /** The operator's log, newest first. */
  actions(limit: number, cursor?: string): Promise<Page<ModAction>>;
}
