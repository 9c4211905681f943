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
import { vacationDaysOf } from './vacation.js';
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
      vacationUntil: active && vacationDaysOf(s) > 0 ? deadlineOf(match, seat) : null,
      ...(s.bot ? { bot: s.bot.standIn ? { level: s.bot.level, standIn: s.bot.standIn } : { level: s.bot.level } } : {}),
    })),
    you: viewer,
    toAct: match.toAct,
    view: match.state === null ? null : game.view(match.state, viewer),
    legalMoves: active && viewer !== null ? game.legalMoves(match.state, viewer) : [],
    log: presentLog(game, log, viewer),
    end: match.end,
    rematchId: match.rematchId,
    // A rated match says so; `void` once a computer took a seat (it no longer counts: functions/ratings).
    ...(match.rated ? { rated: match.ratedVoid ? ('void' as const) : ('rated' as const) } : {}),
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
  const seat = record.seat!;
  switch (record.kind) {
    case 'join':
      return [platformLine('joined', seat)];
    case 'start':
      return [platformLine('joined', seat), { type: 'started', key: 'match.log.started' }];
    case 'resign':
      return [platformLine('resigned', seat)];
    case 'forfeit':
      return [platformLine('forfeit', seat)];
    case 'stand-in': {
      const key = record.standIn === 'deadline' ? 'match.log.standIn.deadline' : 'match.log.standIn.asked';
      return [{ type: 'stand-in', seat, key, params: { seat: { seat }, level: record.bot ?? 'strong' } }];
    }
    case 'take-back':
      return [takeBackEntry(seat)];
    case 'nudge': {
      const whom = { list: (record.nudged ?? []).map((s) => ({ seat: s })) };
      return [{ type: 'nudge', seat, key: 'match.log.nudge', params: { seat: { seat }, whom } }];
    }
    case 'undo':
      return [platformLine('undo', seat, record.acceptedBy ? 'match.log.undo.agreed' : 'match.log.undo')];
    case 'undo-asked':
      return [platformLine('undo-asked', seat, 'match.log.undoAsked')];
    case 'undo-refused':
      return [platformLine('undo-refused', seat, 'match.log.undoRefused')];
    case 'move':
    case 'default-move': {
      const lines = record.events.flatMap((e) => game.viewEvent(e, viewer) ?? []);
      if (record.kind === 'default-move') return [platformLine('deadline', seat), ...lines];
      return record.tookBack ? [takeBackEntry(seat), ...lines] : lines;
    }
  }
}

/**
 * A line the platform logs about a seat (not the game's own): words from the site catalog, keys
 * `match.log.<type>` unless `key` says otherwise, the seat as a `{ seat }` parameter.
 */
const platformLine = (type: string, seat: number, key = `match.log.${type}`): LogEntry => ({
  type,
  seat,
  key,
  params: { seat: { seat } },
});

const takeBackEntry = (seat: number): LogEntry => platformLine('take-back', seat, 'match.log.takeBack');

/** A log line as an outbox row keeps it: its words, or the English of a line not yet given a key. */
export const lineOf = (e: LogEntry): string | Words =>
  e.key ? (e.params ? { key: e.key, params: e.params } : { key: e.key }) : (e.text ?? '');

/** The lines of one log record as `viewer` may read them, as an outbox row keeps them. */
export const linesOf = (game: AnyGame, record: LogRecord, viewer: Viewer): (string | Words)[] =>
  logEntries(game, record, viewer).map(lineOf);
