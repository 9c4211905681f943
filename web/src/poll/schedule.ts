/**
 * When to ask the server again: a pure function of what the page knows, so it can be tested
 * without timers.
 *
 * - Hidden tab: never (the page polls at once when it becomes visible again).
 * - Something just happened (a change arrived, one's own move, the tab came back): quickly, so the
 *   opponent's next step shows up while they are mid-turn.
 * - Nothing happens: the gap grows with the quiet time, up to one poll a minute.
 * - Only this seat can act (nothing will change until it does): start slower.
 * - After failures: back off, also up to a minute; when the server said when to come back
 *   (Retry-After on a 503), then, within the same limits.
 * - While the live channel is connected (web/src/live.ts): only a rare safety net, since a change
 *   arrives as a poke and the page reads at once. When the socket drops, the rules above again.
 */

export const FAST_MS = 1_500;
/** The first gap when nobody else can change anything (only this seat is to act, or the match is over). */
export const CALM_MS = 10_000;
export const MAX_MS = 60_000;
/** The gap is at least the quiet time divided by this: 3 minutes of quiet reach the 1-minute cap. */
export const QUIET_DIVISOR = 3;
/** The safety net's gap while the live channel is connected: 2 reads an hour of an idle tab's 12. */
export const LIVE_SAFETY_MS = 30 * 60_000;

export interface ScheduleInput {
  /** Is the tab visible? */
  visible: boolean;
  now: number;
  /** When something last happened: a change seen, a move sent, the tab shown or focused. */
  lastActivity: number;
  /** Can someone other than this viewer change the match now (their move, an open seat)? */
  othersMayAct: boolean;
  /** Polls that failed in a row (network or server errors). */
  failures: number;
  /** The wait the server asked for with the last failure (Retry-After). */
  retryAfterMs?: number;
  /** The live channel is connected and subscribed to this match. */
  live?: boolean;
}

/** Milliseconds until the next poll, or null for none (hidden tab). */
export function nextPollDelay(input: ScheduleInput): number | null {
  if (!input.visible) return null;
  if (input.live && input.failures === 0) return LIVE_SAFETY_MS;
  const quiet = Math.max(0, input.now - input.lastActivity);
  const base = input.othersMayAct ? FAST_MS : CALM_MS;
  let delay = Math.max(base, quiet / QUIET_DIVISOR);
  if (input.failures > 0 && input.retryAfterMs !== undefined) delay = Math.max(FAST_MS, input.retryAfterMs);
  else if (input.failures > 0) delay = Math.max(delay, FAST_MS * 2 ** Math.min(input.failures, 6));
  return Math.round(Math.min(MAX_MS, delay));
}

/** Can anyone but `you` change this match now? Spectators: anyone acting counts. */
export function othersMayAct(
  match: { status: string; toAct: readonly number[]; seats: readonly { joined: boolean }[] },
  you: number | null,
): boolean {
  if (match.status === 'open') return match.seats.some((s) => !s.joined);
  if (match.status === 'over') return false;
  return match.toAct.some((s) => s !== you);
}
