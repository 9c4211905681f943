/**
 * The front door's limits as stack parameters (issue 27): the live WebSocket API's stage and $connect
 * throttles, and whether the API and the live socket function reserve concurrency. The API has no stage of its
 * own any more (CloudFront calls its function URL, docs/decisions/function-url.md): its one global ceiling is the
 * function's reserved concurrency, and a function URL serves at most 10 requests/s per environment.
 * The defaults are sized from the traffic model for 1 M daily active players (DAU) with room for the spikes
 * inside the peak hour; `cdk deploy -c liveConnectRateLimit=… -c apiReservedConcurrency=…` (infra/app.ts) sets them.
 * Abuse is not met here: WAF counts each client address (infra/constructs/firewall.ts) and the app caps each
 * seat and player (functions/live/limits.ts, functions/players/signin.ts). A throttle or a reservation is one
 * counter for everyone, so it only guards the bill and the account's quota, and must never sit below the peak.
 */

/** The traffic model of issue 27: per daily active player and day. */
export const PER_DAU_DAY = {
  /** API requests: 20 moves, 5 visits, 10 reads after a poke, 5 return visits, 10 polls (50), plus about 9
   * more (joins, chat, settings, sign-in, a first read's second call): the issue's ≈ 3,400/s at 1 M DAU. */
  apiRequests: 59,
  /** WebSocket connections opened (a page opens one per visit, again after a drop or 2 hours). */
  sockets: 5,
  /** Messages on the live stage: 5 connects + 5 disconnects + a subscribe per socket (5) and a keep-alive
   * subscribe every 9 minutes (web/src/live.ts KEEPALIVE_MS) over 60 tab-minutes (6.7): ≈ 22. */
  liveMessages: 22,
} as const;

/** The peak hour carries 5× the day's average rate. */
export const PEAK_FACTOR = 5;
/** The size the defaults are for. */
export const DESIGN_DAU = 1_000_000;
/** Above the peak hour's average: minutes inside it run hotter, and a throttle must never be the bottleneck. */
export const HEADROOM = 2;

/** A daily count per player as requests per second in the peak hour at `dau` players. */
export const peakPerSecond = (perDay: number, dau = DESIGN_DAU) => (perDay * dau * PEAK_FACTOR) / 86_400;

/** Rounds up to a whole hundred: a limit an operator reads at a glance. */
const hundreds = (n: number) => Math.ceil(n / 100) * 100;

export interface FrontDoorLimits {
  /** The live WebSocket stage: messages per second (connects, subscribes, disconnects) and burst. */
  liveRateLimit: number;
  liveBurstLimit: number;
  /** The live stage's $connect route: new sockets per second and burst. */
  liveConnectRateLimit: number;
  liveConnectBurstLimit: number;
  /** Reserved concurrency of the API function, also its ceiling (10 requests/s each through its URL); absent: none. */
  apiReservedConcurrency?: number;
  /** Reserved concurrency of the live socket function; absent: none. */
  liveSocketReservedConcurrency?: number;
}

/**
 * The defaults, for 1 M DAU:
 * - API: 59 × 1 M × 5 / 86,400 = 3,414 requests/s at peak through CloudFront to the function URL; no stage
 *   throttle exists there (API_PEAK_NEED below is what a reservation must hold).
 * - live stage: 22 × 1 M × 5 / 86,400 = 1,273 messages/s; × 2 = 2,546 → 2,600/s, burst the same.
 * - live $connect: 5 × 1 M × 5 / 86,400 = 289 sockets/s; × 2 = 579 → 600/s, burst 1,200. Above the account's
 *   default 500 new connections/s: past 0.86 M DAU (500 ÷ 579 × 1 M) the quota is raised, not the throttle.
 * - reserved concurrency: none. The API at peak needs about 3,414/s × 0.06 s (a request's mean duration) ≈ 205
 *   environments, the socket function 1,273/s × 0.03 s ≈ 38. A reservation only takes from the account's pool
 *   (and fails to deploy above what the account leaves unreserved: new accounts have far less than 1,000), so
 *   none is made by default; an operator who wants the API's share guaranteed, or a hard ceiling on its bill, sets
 *   `-c apiReservedConcurrency=` at or above API_MIN_RESERVATION (700 at 1 M DAU: 2 × 342, as 10 requests/s per
 *   environment bound it before the 205 environments the durations need).
 */
export const FRONT_DOOR: FrontDoorLimits = {
  liveRateLimit: hundreds(HEADROOM * peakPerSecond(PER_DAU_DAY.liveMessages)),
  liveBurstLimit: hundreds(HEADROOM * peakPerSecond(PER_DAU_DAY.liveMessages)),
  liveConnectRateLimit: hundreds(HEADROOM * peakPerSecond(PER_DAU_DAY.sockets)),
  liveConnectBurstLimit: 2 * hundreds(HEADROOM * peakPerSecond(PER_DAU_DAY.sockets)),
};

/** Seconds of one API request on average (infra/capacity.ts measures the mix; this is its round figure). */
export const API_MEAN_SECONDS = 0.06;
/** A function URL serves at most this many requests a second per environment (Lambda scaling behavior). */
export const URL_REQUESTS_PER_ENVIRONMENT = 10;
/**
 * A reservation below this would throttle the 1 M DAU peak with headroom (× 2): the larger of what the requests'
 * durations need (3,414/s × 0.06 s = 205) and what 10 requests a second per environment allow (3,414 ÷ 10 = 342).
 */
export const API_MIN_RESERVATION = hundreds(
  HEADROOM * peakPerSecond(PER_DAU_DAY.apiRequests) * Math.max(API_MEAN_SECONDS, 1 / URL_REQUESTS_PER_ENVIRONMENT),
);

/** The parameters' names, as `cdk deploy -c <name>=<n>` takes them (infra/app.ts). */
export const FRONT_DOOR_KEYS = [
  'liveRateLimit',
  'liveBurstLimit',
  'liveConnectRateLimit',
  'liveConnectBurstLimit',
  'apiReservedConcurrency',
  'liveSocketReservedConcurrency',
] as const satisfies readonly (keyof FrontDoorLimits)[];

/** The limits with an operator's overrides; each must be a whole number ≥ 1 (a throttle of 0 shuts the door). */
export function frontDoor(overrides: Partial<FrontDoorLimits> = {}): FrontDoorLimits {
  const limits = { ...FRONT_DOOR, ...overrides };
  for (const key of FRONT_DOOR_KEYS) {
    const v = limits[key];
    if (v !== undefined && !(Number.isInteger(v) && v >= 1)) throw new Error(`${key} must be a whole number of at least 1, not ${v}`);
  }
  return limits;
}
