/** The shapes the HTTP API answers with (see functions/http/schemas.ts), as the page uses them. */

export interface SeatInfo {
  seat: number;
  name: string | null;
  joined: boolean;
  waitingSince: number | null;
  /** When this seat's current move is due (only with a move deadline, while it is to act). */
  deadlineAt?: number | null;
  /** The seat has paused its deadlines until then. */
  pausedUntil?: number | null;
}

/** Reminders and the move deadline of a match; `policy` says in words what a missed deadline does. */
export interface MatchTiming {
  reminderHours: number;
  deadlineDays: number;
  policy: string;
}

export interface LogEntry {
  type: string;
  /** Names seats as `{0}`, `{1}`…; the page puts the players' names in their place. */
  text: string;
  seat?: number;
  data?: unknown;
}

export interface LogRecord {
  version: number;
  at: number;
  /** Who acted; null for the platform itself. */
  seat: number | null;
  entries: LogEntry[];
}

export interface MatchEnd {
  winners: readonly number[];
  scores?: readonly number[];
  summary: string;
  details?: unknown;
  reason?: 'finished' | 'resigned' | 'forfeit';
  seat?: number;
}

export type MatchStatus = 'open' | 'active' | 'over';

export interface Match {
  matchId: string;
  game: { id: string; name: string };
  version: number;
  status: MatchStatus;
  options: unknown;
  /** Absent or null for matches made before reminders and deadlines existed. */
  timing?: MatchTiming | null;
  seats: SeatInfo[];
  /** The viewer's seat; null for a spectator. */
  you: number | null;
  toAct: number[];
  view: unknown;
  legalMoves: unknown[];
  log: LogRecord[];
  end: MatchEnd | null;
  rematchId: string | null;
  /** Only in the answer to a move: what it did, as log lines. */
  events?: LogEntry[];
  reveal?: unknown;
}

export interface GameSummary {
  id: string;
  name: string;
  minSeats: number;
  maxSeats: number;
}

export interface Created {
  matchId: string;
  seat: number;
  token: string;
  url: string;
  invites: { seat: number; url: string }[];
  spectatorUrl: string;
}

/** What an invite link offers (GET /api/matches/:id/invite with the invite secret). */
export interface InviteInfo {
  matchId: string;
  game: { id: string; name: string };
  options: unknown;
  status: MatchStatus;
  seat: number;
  invitedBy: string | null;
  createdAt: number;
  seats: { seat: number; name: string | null; joined: boolean }[];
}

export interface Joined {
  matchId: string;
  seat: number;
  token: string;
  url: string;
}

/** How this browser opens a match: as a seat (token) or as a spectator (watch secret). */
export type Credentials = { kind: 'seat'; seat: number; token: string } | { kind: 'watch'; secret: string };
