/**
 * The shapes the HTTP API answers with, derived from the schemas the server uses
 * (functions/http/responses.ts). Types only: `import type` keeps zod out of the page's bundle.
 */
import type * as z from 'zod/mini';
import type {
  LobbyGame as LobbyGameResponse,
  LobbySeatResponse,
  ChatMessageResponse,
  CreateMatchResponse,
  GamesResponse,
  InviteInfoResponse,
  JoinResponse,
  LogEntryResponse,
  LogRecordResponse,
  MatchEndResponse,
  MatchResponse,
  ReplayResponse,
  SeatBotResponse,
  SeatResponse,
  TimingResponse,
} from '../../functions/http/responses.js';

export type SeatInfo = z.infer<typeof SeatResponse>;
/**
 * A seat's computer player: one that holds the seat since the match was made (no `standIn`), or
 * one that stands in for the seat's player — after a missed deadline or because they asked.
 */
export type SeatBot = z.infer<typeof SeatBotResponse>;
/** A computer player's strength. */
export type BotLevel = SeatBot['level'];
/** Reminders and the move deadline of a match; `policy` says in words what a missed deadline does. */
export type MatchTiming = z.infer<typeof TimingResponse>;
/** What happens to a seat whose move deadline passes. */
export type OnDeadline = NonNullable<MatchTiming['onDeadline']>;
/** Names seats as `{0}`, `{1}`…; the page puts the players' names in their place. */
export type LogEntry = z.infer<typeof LogEntryResponse>;
/** `bot`: the move was made by a computer player of that level. */
export type LogRecord = z.infer<typeof LogRecordResponse>;
export type MatchEnd = z.infer<typeof MatchEndResponse>;
export type Match = z.infer<typeof MatchResponse>;
export type MatchStatus = Match['status'];
export type GameSummary = z.infer<typeof GamesResponse>['games'][number];
/** An open game as the lobby lists it, and a seat the lobby hands out (web/src/ui/LobbyPage.tsx). */
export type LobbyGame = z.infer<typeof LobbyGameResponse>;
export type LobbySeat = z.infer<typeof LobbySeatResponse>;
export type Created = z.infer<typeof CreateMatchResponse>;
/** What an invite link offers (GET /api/matches/:id/invite with the invite secret). */
export type InviteInfo = z.infer<typeof InviteInfoResponse>;
export type Joined = z.infer<typeof JoinResponse>;
/** One table chat message: plain text, shown as text. */
export type ChatMessage = z.infer<typeof ChatMessageResponse>;
/** A page of a replay: steps {version, at, view, log} as one viewer saw the match. */
export type ReplayPage = z.infer<typeof ReplayResponse>;
export type ReplayStep = ReplayPage['steps'][number];

/** How this browser opens a match: as a seat (token) or as a spectator (watch secret). */
export type Credentials = { kind: 'seat'; seat: number; token: string } | { kind: 'watch'; secret: string };
