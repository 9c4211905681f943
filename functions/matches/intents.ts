/** The notices a change to a match causes (its outbox rows, written in the same commit). */
import type { AnyGame, Seat } from '#shared/engine/game.js';
import { isComputerSeat, isStoodIn } from './bot-seats.js';
import type { LogRecord, MatchRecord, NotificationIntent, NotificationKind } from './port.js';
import { linesOf } from './present.js';

/** At most one intent per seat for this version; never to the seat that acted, never to a computer. */
export function intentsFor(
  game: AnyGame,
  before: MatchRecord,
  after: MatchRecord,
  actor: Seat | null,
  record: LogRecord,
): NotificationIntent[] {
  const intents: NotificationIntent[] = [];
  after.seats.forEach((s, seat) => {
    // Nobody reads a computer's mail; a player whose seat a computer plays for now is not asked to move.
    if (seat === actor || isComputerSeat(s)) return;
    let kind: NotificationKind | null = null;
    if (after.status === 'over') kind = 'over';
    else if (after.toAct.includes(seat) && !before.toAct.includes(seat) && !isStoodIn(s)) kind = 'your-move';
    if (!kind) return;
    intents.push(intent(after, seat, kind, linesOf(game, record, seat), record.at));
  });
  return intents;
}

export function intent(
  match: MatchRecord,
  seat: Seat,
  kind: NotificationKind,
  lines: NotificationIntent['lines'],
  now: number,
): NotificationIntent {
  return { matchId: match.id, version: match.version, seat, kind, gameId: match.gameId, lines, createdAt: now };
}
