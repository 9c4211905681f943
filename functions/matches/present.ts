/**
 * A match or its log as one viewer may see it: a pure function of the record, the game and the time.
 * Everything a player receives is built here (the match read, a move's answer, the log pages) or, for
 * notifications, from the public log lines made here; `view(state, seat)` is the only door the game
 * state leaves by.
 */
import type { AnyGame, LogEntry, Viewer, Words } from '#shared/engine/game.js';
import { chatSummary } from './chat.js';
import type { LogRecord, MatchRecord } from './port.js';
import { deadlineOf, policyText } from './timing.js';
import { undoStatus } from './undo.js';

/** The match as one viewer may see it, at `now` (a pause that has ended is no longer shown). */
export function presentMatch(game: AnyGame, match: MatchRecord, viewer: Viewer, log: LogRecord[], now: number) {
  const active = match.status === 'active';
  return {
    matchId: match.id,
    game: { id: game.id, name: game.name },
    version: match.version,
    status: match.status,
    options: match.options,
    timing: match.timing ? { ...match.timing, policy: policyText(match.timing) } : null,
    seats: match.seats.map((s, seat) => ({
      seat,
      name: s.name,
      // A computer seat is filled from the start: it has no token, and no invite can take it.
      joined: s.tokenHash !== null || s.bot !== undefined,
      waitingSince: s.waitingSince ?? null,
      deadlineAt: deadlineOf(match, seat),
      pausedUntil: s.pausedUntil !== undefined && s.pausedUntil > now ? s.pausedUntil : null,
      ...(s.bot ? { bot: s.bot.standIn ? { level: s.bot.level, standIn: s.bot.standIn } : { level: s.bot.level } } : {}),
    })),
    you: viewer,
    toAct: match.toAct,
    view: match.state === null ? null : game.view(match.state, viewer),
    legalMoves: active && viewer !== null ? game.legalMoves(match.state, viewer) : [],
    log: presentLog(game, log, viewer),
    end: match.end,
    rematchId: match.rematchId,
    chat: chatSummary(match, viewer, now),
    // Only a seat's own page has buttons for undo; what the seat may do now.
    ...(viewer !== null && match.state !== null ? { undo: undoStatus(match, viewer) } : {}),
  };
}

export function presentLog(game: AnyGame, log: LogRecord[], viewer: Viewer) {
  return log.map((l) => ({
    version: l.version,
    at: l.at,
    seat: l.seat,
    // Only a move a computer made says so (a stand-in record names the level in its words).
    ...(l.bot !== undefined && (l.kind === 'move' || l.kind === 'default-move') ? { bot: l.bot } : {}),
    entries: logEntries(game, l, viewer),
  }));
}

/** One log record's lines as the viewer may read them (null: the public, as in notifications). */
export function logEntries(game: AnyGame, record: LogRecord, viewer: Viewer): LogEntry[] {
  const seat = record.seat;
  switch (record.kind) {
    case 'join':
      return [{ type: 'joined', seat: seat!, text: `{${seat}} joined.` }];
    case 'start':
      return [
        { type: 'joined', seat: seat!, text: `{${seat}} joined.` },
        { type: 'started', text: 'Everyone is here: the game has started.' },
      ];
    case 'resign':
      return [{ type: 'resigned', seat: seat!, text: `{${seat}} resigned.` }];
    case 'forfeit':
      return [{ type: 'forfeit', seat: seat!, text: `{${seat}} missed the move deadline and forfeits.` }];
    case 'stand-in':
      return [
        {
          type: 'stand-in',
          seat: seat!,
          text:
            record.standIn === 'deadline'
              ? `{${seat}}'s deadline passed; a computer player (${record.bot ?? 'strong'}) plays for them until they are back.`
              : `{${seat}} handed their seat to a computer player (${record.bot ?? 'strong'}) for now.`,
        },
      ];
    case 'take-back':
      return [takeBackEntry(seat!)];
    case 'nudge': {
      const nudged = record.nudged ?? [];
      const whom = nudged.map((s) => `{${s}}`);
      const list = whom.length <= 1 ? (whom[0] ?? '') : `${whom.slice(0, -1).join(', ')} and ${whom.at(-1)}`;
      return [{ type: 'nudge', seat: seat!, text: `{${seat}} nudged ${list}.` }];
    }
    case 'undo':
      return record.acceptedBy
        ? [{ type: 'undo', seat: seat!, text: `{${seat}} took back their last turn, as the others agreed.` }]
        : [{ type: 'undo', seat: seat!, text: `{${seat}} took back their last move.` }];
    case 'undo-asked':
      return [{ type: 'undo-asked', seat: seat!, text: `{${seat}} asked to take back their last turn.` }];
    case 'undo-refused':
      return [{ type: 'undo-refused', seat: seat!, text: `{${seat}} refused to let the last turn be taken back.` }];
    case 'move':
    case 'default-move': {
      const lines = record.events.flatMap((e) => game.viewEvent(e, viewer) ?? []);
      if (record.kind === 'default-move') {
        return [{ type: 'deadline', seat: seat!, text: `{${seat}}'s deadline passed; the standard move was made for them.` }, ...lines];
      }
      return record.tookBack ? [takeBackEntry(seat!), ...lines] : lines;
    }
  }
}

const takeBackEntry = (seat: number): LogEntry => ({ type: 'take-back', seat, text: `{${seat}} is back and plays their own seat again.` });

/** A log line as an outbox row keeps it: its words, or the English of a line not yet given a key. */
export const lineOf = (e: LogEntry): string | Words =>
  e.key ? (e.params ? { key: e.key, params: e.params } : { key: e.key }) : (e.text ?? '');

/** The lines of one log record as `viewer` may read them, as an outbox row keeps them. */
export const linesOf = (game: AnyGame, record: LogRecord, viewer: Viewer): (string | Words)[] =>
  logEntries(game, record, viewer).map(lineOf);
