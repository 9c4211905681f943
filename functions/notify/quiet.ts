/**
 * Quiet hours: no mail or push reaches a seat while its wall clock is inside them (its zone and hours are on
 * the match seat, functions/matches/zones.ts). The dispatcher holds such a notice instead of sending it
 * (`HeldNotices.hold`, one row per seat and end of quiet hours, with a timer at that end); the sweep finds
 * the row when the quiet hours end and turns everything held into ONE `quiet` notice (`mergeHeld`), which
 * goes out through the outbox like any other, with the same claims and de-duplication.
 */
import type { MatchRecord, NotificationIntent } from '../matches/port.js';
import { quietEnd } from '../matches/zones.js';

/** At most this many held notices are named in the merged one (the newest; a chatty night is still one mail). */
export const MAX_MERGED = 20;

/** When the seat's quiet hours around `now` end, if a notice to it is to be held until then. */
export function holdUntil(intent: NotificationIntent, match: MatchRecord, now: number): number | null {
  // The merged notice itself goes out at the end of quiet hours: never held again.
  if (intent.kind === 'quiet') return null;
  return quietEnd(now, match.seats[intent.seat]?.time);
}

/**
 * The one notice for a seat's held ones: each held notice once (a redelivered one was held twice), oldest
 * first, without its lines (the merged notice names each by its subject). Its tag names the quiet hours' end,
 * so its claims and its outbox row are its own.
 */
export function mergeHeld(intents: readonly NotificationIntent[], releaseAt: number): NotificationIntent | null {
  const seen = new Map<string, Omit<NotificationIntent, 'lines' | 'held'>>();
  for (const { lines: _l, held: _h, ...n } of intents) seen.set(`${n.version}.${n.tag ?? ''}.${n.kind}`, n);
  const held = [...seen.values()].sort((a, b) => a.createdAt - b.createdAt).slice(-MAX_MERGED);
  const last = held.at(-1);
  if (!last) return null;
  const version = Math.max(...held.map((h) => h.version));
  return {
    matchId: last.matchId,
    version,
    seat: last.seat,
    gameId: last.gameId,
    kind: 'quiet',
    lines: [],
    createdAt: releaseAt,
    tag: `q${releaseAt.toString(36)}`,
    held,
  };
}

/** The held notices still worth telling when the merged one goes out: a timer notice of a turn since moved on is not. */
export function stillCurrent(intent: NotificationIntent, match: MatchRecord): NotificationIntent {
  const held = (intent.held ?? []).filter((h) => h.tag === undefined || h.version === match.version);
  return { ...intent, held };
}
