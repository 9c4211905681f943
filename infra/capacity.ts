/**
 * The capacity model (issue 27): what ten million daily players ask of DynamoDB, Lambda, API Gateway and SES
 * at the peak hour, read from the design's constants (FROM_CODE: the `due` index, the sweep's, the digest's and
 * the dispatcher's workers, the replay's measured reads), the measured item sizes (infra/cost.ts profiles,
 * measured by `npm run bench -- capacity`) and the stack's settings; what no constant holds is in ASSUMED.
 * Pure data and functions: the stack's numbers come in as `StackLimits` (infra/capacity-limits.ts reads them
 * from infra/stack.ts), so this file loads without aws-cdk-lib. `npm run bench -- capacity` prints it;
 * tests/infra/capacity.test.ts holds every row to its limit. The cost per 1 M DAU-month (`monthlyCost`) is
 * the same units times infra/cost.ts's prices.
 *
 * Limits, from AWS's documentation (see LIMITS for each page):
 * - a partition of the table or of an index takes 1,000 write and 3,000 read units per second; the model
 *   asks for at most half of that at the 10 M DAU peak (HEADROOM);
 * - the rest are account quotas an operator raises (Lambda concurrency, API Gateway requests/s, WebSocket new
 *   connections/s, the table's on-demand throughput, SES's sending rate): the model says how far.
 */
import { RETURN_VISIT_READS_MEASURED } from '../functions/matches/replay.js';
import { DISPATCH_IN_FLIGHT } from '../functions/notify/dispatcher.js';
import { TOP_CACHE_MS } from '../functions/ratings/service.js';
import { SWEEP_IN_FLIGHT, SWEEP_WORKERS } from '../functions/notify/reminders.js';
import { DIGEST_IN_FLIGHT, DIGEST_SENDS_PER_SECOND, DIGEST_WORKERS } from '../functions/players/digest.js';
import { CHALLENGES_PER_DAY, MAX_PENDING_CHALLENGES } from '../functions/matches/challenges.js';
import { LOBBY_PAGE_PER_SHARD, MAX_HOSTED, OPENINGS_PER_HOUR } from '../functions/matches/lobby.js';
import { MAX_SEATS } from '../functions/players/model.js';
import { PRESENCE_WRITE_EVERY_MS } from '../functions/players/profiles.js';
import { PACE_MATCHES_MAX } from '../functions/players/stats.js';
import { MAX_BLOCKS, REPORTS_PER_DAY } from '../functions/players/safety.js';
import { MAX_SUBSCRIPTIONS } from '../functions/live/protocol.js';
import {
  DIGEST_SHARDS,
  DUE_SHARDS,
  DUE_UNITS_PER_MOVE,
  DUE_UNITS_PER_VISIT,
  DUE_VISITS_PER_PLAYER_DAY,
  LEADERBOARD_SHARDS,
  LOBBY_SHARDS,
  REPORT_SHARDS,
} from '../functions/storage/table.js';
import {
  API_GB,
  AUCTION_LOG_RECORD_BYTES,
  BOT_GB,
  BOT_SECONDS,
  DISPATCHER_GB,
  DUTCH_AUCTION_MEASURED,
  GOLDEN_AGE,
  GOLDEN_AGE_LOG_RECORD_BYTES,
  LIVE_GB,
  LIVE_PAGE,
  LIVE_SECONDS,
  type MatchProfile,
  PRICES,
  rru,
  SECONDS,
  wru,
} from './cost.js';
import { FUNCTIONS } from './functions.js';
import { PEAK_FACTOR } from './front-door.js';

// ------------------------------------------------------------------ the traffic model (issue 27)

/** What one daily active player does in a day (issue 27's model). */
export const TRAFFIC = {
  moves: 20,
  /** Opening a match page: the page, its first read, and `/me/next` for a signed-in player. */
  visits: 5,
  /** An open page's conditional read after a poke (the match changed). */
  readsAfterPoke: 10,
  /** "N moves since you last looked": a visit that also shows what happened since (functions/matches/replay.ts). */
  returnVisits: 5,
  /** Polls of an open page (304 when nothing changed); the live channel's safety-net polls are among them. */
  polls: 10,
  notices: 8,
  /** Share of the notices that go by mail (the rest by web push). */
  mailShare: 0.5,
  computerMoves: 2,
  /** Live sockets opened. */
  sockets: 5,
  /** Minutes a match page is open (its socket connected). */
  tabMinutes: 60,
} as const;

/** The peak hour carries this many times the day's average hour (one figure for the model and the stack's defaults). */
export { PEAK_FACTOR };
export const DAY_SECONDS = 86_400;
export const TARGET_DAU = 10_000_000;
/** The stack's caps are meant for this many (issue 27: stack parameters with 1 M DAU defaults). */
export const DEFAULT_DAU = 1_000_000;
/** A partition may take at most this share of DynamoDB's per-partition limits at the peak. */
export const HEADROOM = 0.5;

/** Per second at the peak hour, for `perDay` per player a day. */
export const peakRate = (perDay: number, dau: number) => (dau * perDay * PEAK_FACTOR) / DAY_SECONDS;

// ------------------------------------------------------------------ AWS's limits and their pages

export const LIMITS = {
  partitionWrite: {
    value: 1000,
    page: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/warm-throughput-scenarios.html',
    note: 'per partition of the table and of each global secondary index ("key range throughput exceeded")',
  },
  partitionRead: {
    value: 3000,
    page: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/throttling-key-range-limit-exceeded-mitigation.html',
    note: 'strongly consistent read units per partition; an eventually consistent read costs half',
  },
  tableThroughput: {
    value: 40_000,
    page: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html',
    note: 'read and write request units per second per on-demand table (and per index), raisable',
  },
  lambdaConcurrency: {
    value: 1000,
    page: 'https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html',
    note: 'concurrent executions per account and Region, raisable; each function grows by 1,000 every 10 s (scaling-behavior.html)',
  },
  apiRequests: {
    value: 10_000,
    page: 'https://docs.aws.amazon.com/apigateway/latest/developerguide/limits.html',
    note: 'requests/s per account and Region across HTTP, REST and WebSocket APIs (burst 5,000), raisable: only the live WebSocket API uses it now',
  },
  functionUrlRate: {
    value: 10_000,
    page: 'https://docs.aws.amazon.com/lambda/latest/dg/scaling-behavior.html',
    note: "a function's synchronous requests/s (a function URL's included) are at most 10 × its concurrency: 10,000/s on the default 1,000 (gettingstarted-limits.html), raised with the concurrency quota",
  },
  webSocketConnections: {
    value: 500,
    page: 'https://docs.aws.amazon.com/apigateway/latest/developerguide/apigateway-execution-service-websocket-limits-table.html',
    note: 'new WebSocket connections/s per account and Region, raisable',
  },
  sesRate: {
    value: 1,
    page: 'https://docs.aws.amazon.com/ses/latest/dg/quotas.html',
    note: 'mails/s in the sandbox; out of it, set per account on request',
  },
} as const;

// ------------------------------------------------------------------ what the code holds, and what is still assumed

/**
 * Figures the code holds as constants, read here so that the model follows the code: the `due` index's units
 * (functions/storage/table.ts), the sweep's and the digest's workers (functions/notify/reminders.ts,
 * functions/players/digest.ts), the dispatcher's entries in flight (functions/notify/dispatcher.ts) and a return
 * visit's read units as measured at the wire (functions/matches/replay.ts).
 */
export const FROM_CODE = {
  dueUnitsPerMove: DUE_UNITS_PER_MOVE,
  dueUnitsPerVisit: DUE_UNITS_PER_VISIT,
  sweepVisitsPerDay: DUE_VISITS_PER_PLAYER_DAY,
  sweepInFlight: SWEEP_WORKERS * SWEEP_IN_FLIGHT,
  digestInFlight: DIGEST_WORKERS * DIGEST_IN_FLIGHT,
  digestSendsPerSecond: DIGEST_SENDS_PER_SECOND,
  dispatchInFlight: DISPATCH_IN_FLIGHT,
  returnVisitRru: RETURN_VISIT_READS_MEASURED.fromCheckpoint,
  returnVisitRruBefore: RETURN_VISIT_READS_MEASURED.beforeCheckpoints,
} as const;

/**
 * Figures the model needs that no constant in the code holds. Each names the code it stands for; when that
 * code gets a constant, import it into FROM_CODE instead.
 */
export const ASSUMED = {
  /** Lobby listings a daily player reads a day (the lobby page and its filters): one Query per shard each. */
  lobbyViewsPerPlayerDay: 3,
  /** Quick matches a daily player asks for a day: each reads the listing once, then joins or opens. */
  quickMatchesPerPlayerDay: 1,
  /** Open games opened per daily player a day (quick matches that found none among them). */
  openingsPerPlayerDay: 0.5,
  /** Writes of a lobby entry per open game: opened, a seat taken (put), gone (delete); each inside a transaction (2 units). */
  lobbyWritesPerOpening: 3,
  /** Bytes of one lobby entry (options, pace, names on the seats taken, ids): a page of LOBBY_PAGE_PER_SHARD stays under 4 KB. */
  lobbyEntryBytes: 400,
  /** Reports a daily player sends a day (far above what sites of this kind see: about 1 in 1,000 players a day). */
  reportsPerPlayerDay: 0.01,
  /** Bytes of one report (ids, names, reason, up to 500 characters, a chat message's text). */
  reportBytes: 1200,
  /** The operator's actions a second at the most (people at a terminal). */
  moderationActionsPerSecond: 1,
  /**
   * `due` index units of a computer's move: its entry as the match waits on a computer, put and taken out
   * (functions/storage/table.ts, the arithmetic beside DUE_SHARDS: "computers … × 2 units (in, out)").
   */
  dueUnitsPerComputerMove: 2,
  /**
   * Billed seconds of one item the sweep visits (2–4 DynamoDB calls of 5–10 ms: functions/notify/reminders.ts,
   * beside SWEEP_WORKERS). The workers keep FROM_CODE.sweepInFlight items in flight in one invocation, so an
   * item bills this share of it, and one invocation serves sweepInFlight ÷ this items a second.
   */
  sweepSecondsPerItem: 0.03,
  /** Bytes of one `due` index entry (KEYS_ONLY: pk, sk, dueShard, dueAt) as a Query reads it. */
  dueEntryBytes: 80,
  /**
   * Billed seconds of a return visit over a changed poll's read (SECONDS.read): from a checkpoint 11.8 ms of CPU
   * against 8.3 ms (docs/decisions/replay-checkpoints.md, functions/matches/replay.ts).
   */
  returnVisitOverRead: 11.8 / 8.3,
  /**
   * Billed seconds of one waiting board changed after a commit: the owner and the board read (and, when a seat
   * starts waiting, its claim), then the board written: three calls of 5–10 ms (functions/players/waiting.ts).
   */
  boardSecondsPerChange: 0.015,
  /** Players who chose the daily digest (functions/lambda/digest.ts walks their list). */
  digestShare: 0.2,
  /** Bytes of one digest list entry (`DIGEST#<n>` / `P#<id>`). */
  digestEntryBytes: 60,
  /** A digest run reads its list within this many seconds (the digest function's timeout, infra/functions.ts). */
  digestListSeconds: FUNCTIONS.digest.timeoutSeconds,
  /** Billed seconds per digest player, ≈ 8 calls and one SES send (functions/players/digest.ts, beside DIGEST_WORKERS). */
  digestSecondsPerPlayer: 0.15,
  /** Everyone on the digest's list gets it within this many seconds of their day's start. */
  digestWindowSeconds: 3600,
  /** The busiest match: moves per second at a live table, and the pages that follow it (seats and spectators). */
  hotMatch: { movesPerSecond: 1, pages: 4 + 20, chatPerSecond: 0.2, returnVisitsPerSecond: 0.2 },
  /** The busiest signed-in player: page views per second (each reads their waiting board for `/me/next`). */
  hotPlayerViewsPerSecond: 0.5,
  /** The most viewed player page: views per second of one player's /api/players/<name>. */
  hotPlayerPageViewsPerSecond: 20,
  /** Bytes of a finished match on a player's page (`P#<id>` / `DONE#…`), read back up to PACE_MATCHES_MAX a view. */
  finishedMatchBytes: 250,
  /** API processes that may each try one presence write per period for one player (a failed condition costs a unit too). */
  presenceWritersPerPlayer: 100,
  /** Pages of a busy player's opponents asking for the seats' presence, per second (each reads that player's profile). */
  hotPresenceReadsPerSecond: 10,
  /** Friends lists naming a much-followed player viewed per second (each reads their profile and their HOST# games). */
  hotFriendListReadsPerSecond: 20,
  /** Challenges arriving at one much-challenged player in a second (each two items in a transaction). */
  hotChallengesPerSecond: 5,
  /** Claims of one name at the same moment (each a transaction: 2 units on the name's item). */
  nameClaimsAtOnce: 20,
  /** The busiest signed-in player's waiting board: changes per second (moves at several live tables at once). */
  hotPlayerBoardChangesPerSecond: 2,
  /** The busiest signed-in player's claims (each builds the board from every claimed seat): one a minute. */
  hotPlayerClaimsPerSecond: 1 / 60,
  /** Sign-in attempts a client address may make per second before WAF stops it (EDGE_RATE_LIMITS.signInLinks per 5 min). */
  signInPerAddressPerSecond: 20 / 300,
  /** Addresses behind one client network counter (an IPv4 /24). */
  addressesPerNetwork: 256,
  /** Bytes of a seat claim (`P#<id>` / `SEAT#…`), which `/me/next` queries. */
  seatClaimBytes: 300,
  /** Pages poked per match write (readsAfterPoke ÷ moves: half the other seats' pages are open). */
  pokedPagesPerWrite: 0.5,
  /** Live items: a subscription and a connection, each < 1 KB. */
  liveItemWru: 1,
  /** Bytes out of a `/me/next` answer. */
  nextBytesOut: 1_500,
  /**
   * Stream records a move writes that the reader passes: the match item and its log item
   * (docs/decisions/stream-fan-out.md; functions/fan-out.ts).
   */
  streamRecordsPerMove: 2,
  /**
   * Records in one invocation of the stream reader: the stream batches up to STREAM_BATCH_SIZE (100) with no
   * batching window, so a batch holds what a shard took between two polls (infra/constructs/stream.ts).
   */
  streamRecordsPerBatch: 20,
  /** Billed seconds of one stream reader invocation: decode, fold, a SendMessageBatch per consumer (stream-fan-out.md). */
  streamSecondsPerBatch: 0.05,
  /**
   * Messages per SQS call: the reader's SendMessageBatch per consumer and batch after folding (functions/fan-out.ts),
   * and the event source's receives and deletes, batches of up to ten (BOT_BATCH_SIZE, LIVE_POKE_BATCH_SIZE, the
   * dispatcher's 10): half full. Full batches would make SQS 0.3 requests a message, a third full 0.9.
   */
  sqsMessagesPerCall: 5,
  /**
   * Rated results per daily player a day (functions/ratings): each moves the player's leaderboard line (a delete
   * and a put in the rating's transaction). Taken as all in one pool, the worst case for its shards.
   */
  ratedResultsPerPlayerDay: 0.5,
  /** Leaderboard pages per daily player a day: each reads ten lines either side of the viewer from every shard. */
  leaderboardViewsPerPlayerDay: 1,
  /** Bytes of one leaderboard line (`LB#<pool>#<n>` / `R#<rating>#<id>`, the player, rating and games). */
  boardLineBytes: 100,
  /** Bytes of one queued change (functions/queues.ts `encodeChange`: keys, kind and version as JSON); SQS bills each 64 KB of a call. */
  sqsMessageBytes: 1_000,
} as const;

/** SQS requests of one message: sent, received and deleted, each in batches, each 64 KB of a batch a request. */
export const sqsRequestsPerMessage =
  (3 / ASSUMED.sqsMessagesPerCall) * Math.ceil((ASSUMED.sqsMessagesPerCall * ASSUMED.sqsMessageBytes) / 65_536);

// ------------------------------------------------------------------ mixes: which game's items

/** A match kind as the cost and capacity models see it: its measured profile and what a return visit costs. */
export interface Mix {
  name: string;
  profile: MatchProfile;
  /** Moves in a whole match. */
  movesPerMatch: number;
  /** Bytes of one log record as stored. */
  logRecordBytes: number;
  /**
   * Seats whose waiting state a move changes (functions/players/waiting.ts `changedSeats`): each is one waiting
   * board changed, counted as if every seat were a signed-in player's (as the visits' `/me/next` are). Measured
   * (BOARD_CHANGES_PER_MOVE).
   */
  boardChangesPerMove: number;
  /** Design changes to price before they are built (CUTS); none = the code as it is. */
  cuts?: Cuts;
}

/**
 * Seats whose waiting state one move changes, measured by `npm run bench -- capacity` (random legal moves through
 * the engines, 10 seeded games each, 2026-11-28: auction 536 changes in 685 moves, Golden Age 4,690 in 7,034). Most
 * moves keep the turn (an auction's bids and buys, a Golden Age turn's actions); a passed turn changes two.
 */
export const BOARD_CHANGES_PER_MOVE = { auction: 0.78, goldenAge: 0.67 } as const;

/** Design changes not built, as the model prices them (`withCuts`). */
export interface Cuts {
  /** Polls, reads after a poke and first reads eventually consistent (half the units; docs/storage.md keeps them strong). */
  eventualReads?: boolean;
  /** Polls per player a day (the live channel as the main signal). */
  polls?: number;
}

/**
 * Changes not built, one at a time in this order (each on top of the ones before). Built since the model was
 * written, and now read from the code: return visits from checkpoints, one `due` write a move, `/me/next` as one
 * read of the player's waiting board (its writes priced on every move: `boardChange`).
 */
export const CUTS: { name: string; cuts: Cuts }[] = [
  { name: 'polls, reads after a poke and first reads eventually consistent', cuts: { eventualReads: true } },
  { name: 'half the polls (the live channel as the signal)', cuts: { polls: TRAFFIC.polls / 2 } },
];

export const withCuts = (mix: Mix, cuts: Cuts): Mix => ({ ...mix, cuts: { ...mix.cuts, ...cuts } });

/** The 2-seat Dutch auction (infra/cost.ts DUTCH_AUCTION_MEASURED, measured by `npm run bench -- capacity`). */
export const AUCTION_MIX: Mix = {
  name: 'Dutch auction',
  profile: DUTCH_AUCTION_MEASURED,
  movesPerMatch: DUTCH_AUCTION_MEASURED.moves,
  logRecordBytes: AUCTION_LOG_RECORD_BYTES,
  boardChangesPerMove: BOARD_CHANGES_PER_MOVE.auction,
};

/**
 * A 4-seat Golden Age match (infra/cost.ts GOLDEN_AGE), measured by `npm run bench -- capacity` as the infra
 * bench measures the auction; `goldenAgeMix` makes the mix of a fresh measurement.
 */
export function goldenAgeMix(
  profile: MatchProfile = GOLDEN_AGE,
  logRecordBytes = GOLDEN_AGE_LOG_RECORD_BYTES,
  boardChangesPerMove: number = BOARD_CHANGES_PER_MOVE.goldenAge,
): Mix {
  return { name: 'Golden Age', profile, movesPerMatch: profile.moves, logRecordBytes, boardChangesPerMove };
}
export const GOLDEN_AGE_MIX = goldenAgeMix();
export const MIXES = [AUCTION_MIX, GOLDEN_AGE_MIX] as const;
// ------------------------------------------------------------------ the work of each activity

/** What one unit of an activity uses, in billable units. */
export interface Work {
  /** API requests (each through CloudFront to the API function's URL: one Lambda invocation, no API Gateway). */
  apiRequests: number;
  /** CloudFront requests that are not API requests (pages) and S3 GETs behind them. */
  pageRequests: number;
  bytesOut: number;
  /** Lambda invocations and GB-seconds, by function. */
  invocations: Partial<Record<keyof typeof FUNCTIONS, number>>;
  gbSeconds: Partial<Record<keyof typeof FUNCTIONS, number>>;
  /** DynamoDB read units (strongly consistent = 1 per 4 KB, eventually consistent half) and write units, table and `due` index apart. */
  rru: number;
  wru: number;
  dueWru: number;
  /** Messages through the consumers' SQS queues (sqsRequestsPerMessage requests each). */
  sqsMessages: number;
  webSocketMessages: number;
  webSocketMinutes: number;
  webSocketConnections: number;
  mails: number;
}

const none: Work = {
  apiRequests: 0,
  pageRequests: 0,
  bytesOut: 0,
  invocations: {},
  gbSeconds: {},
  rru: 0,
  wru: 0,
  dueWru: 0,
  sqsMessages: 0,
  webSocketMessages: 0,
  webSocketMinutes: 0,
  webSocketConnections: 0,
  mails: 0,
};

function work(w: Partial<Work>): Work {
  return { ...none, ...w };
}

function add(a: Work, b: Work, times = 1): Work {
  const sumBy = <K extends string>(x: Partial<Record<K, number>>, y: Partial<Record<K, number>>) => {
    const out: Partial<Record<K, number>> = { ...x };
    for (const [k, v] of Object.entries(y) as [K, number][]) out[k] = (out[k] ?? 0) + v * times;
    return out;
  };
  return {
    apiRequests: a.apiRequests + b.apiRequests * times,
    pageRequests: a.pageRequests + b.pageRequests * times,
    bytesOut: a.bytesOut + b.bytesOut * times,
    invocations: sumBy(a.invocations, b.invocations),
    gbSeconds: sumBy(a.gbSeconds, b.gbSeconds),
    rru: a.rru + b.rru * times,
    wru: a.wru + b.wru * times,
    dueWru: a.dueWru + b.dueWru * times,
    sqsMessages: a.sqsMessages + b.sqsMessages * times,
    webSocketMessages: a.webSocketMessages + b.webSocketMessages * times,
    webSocketMinutes: a.webSocketMinutes + b.webSocketMinutes * times,
    webSocketConnections: a.webSocketConnections + b.webSocketConnections * times,
    mails: a.mails + b.mails * times,
  };
}

const api = (seconds: number, bytesOut: number, rruUnits: number, extra: Partial<Work> = {}) =>
  work({ apiRequests: 1, bytesOut, invocations: { api: 1 }, gbSeconds: { api: API_GB * seconds }, rru: rruUnits, ...extra });

const gbOf = (f: keyof typeof FUNCTIONS) => FUNCTIONS[f].memoryMb / 1024;
/** An SQS consumer's invocations a message: the event source hands it batches (ASSUMED.sqsMessagesPerCall). */
const perBatch = 1 / ASSUMED.sqsMessagesPerCall;

/**
 * Read units of a return visit: the match and the log since the last look, from the nearest checkpoint
 * (functions/matches/replay.ts), as measured at the wire near the end of a Golden Age match, mostly eventually
 * consistent (docs/storage.md); a match whose whole log is smaller reads no more than that.
 */
export function returnVisitRru(mix: Mix): number {
  const whole = rru(mix.profile.matchItem) + rru((mix.movesPerMatch / 2) * mix.logRecordBytes);
  return Math.min(whole, FROM_CODE.returnVisitRru);
}

/**
 * A match item written (a move, a computer's move): its stream records through the one reader (one invocation
 * per stream batch, a SendMessageBatch per consumer), then a poke on the live queue: one Query, eventually
 * consistent, and a message per open page.
 */
function matchWritten(messages: number): Work {
  const batches = ASSUMED.streamRecordsPerMove / ASSUMED.streamRecordsPerBatch;
  return work({
    invocations: { streamReader: batches, livePoke: perBatch },
    gbSeconds: { streamReader: batches * gbOf('streamReader') * ASSUMED.streamSecondsPerBatch, livePoke: LIVE_GB * LIVE_SECONDS.poke },
    rru: 0.5,
    sqsMessages: messages,
    webSocketMessages: ASSUMED.pokedPagesPerWrite,
  });
}

/**
 * One seat's waiting state changed by a commit, on its owner's board (functions/players/waiting.ts): the seat's
 * owner read, the claim read when it starts waiting (half of the changes), the board read (all eventually
 * consistent, each item < 4 KB), and the board written (< 1 KB: one unit; tests/players/waiting-board.test.ts).
 * The billed time is the committing function's (the API, or the computers').
 */
export function boardChange(fn: 'api' | 'bots'): Work {
  return work({ rru: 0.5 + 0.5 * 0.5 + 0.5, wru: 1, gbSeconds: { [fn]: gbOf(fn) * ASSUMED.boardSecondsPerChange } });
}

/** One unit of each activity of TRAFFIC, for a mix (the pokes and the due index as parts of the activities that cause them). */
export function unitWork(mix: Mix) {
  const p = mix.profile;
  const consistency = mix.cuts?.eventualReads ? 0.5 : 1;
  const head = rru(p.matchItem);
  const firstRead = consistency * (head + rru(p.logPageBytes));
  // The profile's write units of a move count its `due` index entries too (scripts/bench/infra.ts); the index is
  // billed apart at DUE_UNITS_PER_MOVE.
  const tableMoveWru = p.moveWru - (p.moveDueWru ?? FROM_CODE.dueUnitsPerMove);
  /** `/me/next`: one eventually consistent read of the player's waiting board (< 1 KB; functions/players/waiting.ts). */
  const next = api(SECONDS.poll, ASSUMED.nextBytesOut, 0.5);
  const cold = work({ gbSeconds: { api: p.coldShare * API_GB * SECONDS.init } });
  const subscribe = work({
    webSocketMessages: 2,
    invocations: { liveSocket: 1 },
    gbSeconds: { liveSocket: LIVE_GB * LIVE_SECONDS.message },
    rru: head,
    wru: 2 * ASSUMED.liveItemWru,
  });
  /** Billed seconds of a return visit: a read and the replay from a checkpoint. */
  const returnVisitSeconds = SECONDS.read * ASSUMED.returnVisitOverRead;
  return {
    /** A person's move: the live poke's message on its queue; the waiting boards it changes. */
    move: add(
      add(add(api(SECONDS.move, p.moveBytesOut, head, { wru: tableMoveWru, dueWru: FROM_CODE.dueUnitsPerMove }), cold, 1), matchWritten(1)),
      boardChange('api'),
      mix.boardChangesPerMove,
    ),
    visit: add(add(add(work({ pageRequests: 2 }), api(SECONDS.read, p.readBytesOut, firstRead)), next), cold),
    /** A poll that finds a change (after a poke): the head, then the match and a page of log. */
    readAfterPoke: api(SECONDS.read, p.readBytesOut, consistency * head + firstRead),
    returnVisit: add(add(add(work({ pageRequests: 2 }), api(returnVisitSeconds, p.readBytesOut, returnVisitRru(mix))), next), cold),
    poll: api(SECONDS.poll, 400, consistency * head),
    /**
     * A notice: its message on the dispatcher's queue, handled in batches with DISPATCH_IN_FLIGHT entries at once
     * (each bills that share of the invocation); the seat's settings, the match and the log record read; claim,
     * settle, sent mark. Its `due` entry (the log item's, in and out) is in DUE_UNITS_PER_MOVE.
     */
    notice: work({
      invocations: { dispatcher: perBatch },
      gbSeconds: { dispatcher: (DISPATCHER_GB * SECONDS.notification) / Math.min(FROM_CODE.dispatchInFlight, ASSUMED.sqsMessagesPerCall) },
      rru: 1 + head + 1,
      wru: 3,
      sqsMessages: 1,
      mails: TRAFFIC.mailShare,
    }),
    /**
     * A computer's move: woken by a message (the person's move), its own commit's wake, both on the bots' queue;
     * a snap's moment is a delayed message, not billed time.
     */
    computerMove: add(
      work({
        invocations: { bots: 2 * perBatch },
        gbSeconds: { bots: BOT_GB * (BOT_SECONDS.strong + BOT_SECONDS.wake + p.coldShare * BOT_SECONDS.init) },
        rru: 2 * head,
        wru: tableMoveWru,
        dueWru: FROM_CODE.dueUnitsPerMove + ASSUMED.dueUnitsPerComputerMove,
      }),
      // A computer's seat has no board: at most the measured changes, counted in full.
      add(matchWritten(1 + 2), boardChange('bots'), mix.boardChangesPerMove),
    ),
    /**
     * An item the sweep visits (a reminder, a deadline, an early look, a computer to wake): the match read and
     * its entry re-keyed, a reminder's outbox row in and out (DUE_UNITS_PER_VISIT on the index); the invocation
     * shared by the items in flight.
     */
    sweepVisit: work({
      gbSeconds: { sweep: (gbOf('sweep') * ASSUMED.sweepSecondsPerItem) / FROM_CODE.sweepInFlight },
      rru: head,
      wru: wru(p.matchItem) + 2,
      dueWru: FROM_CODE.dueUnitsPerVisit,
    }),
    /** A socket opened, subscribed and closed ($connect, a subscribe, $disconnect). */
    socket: add(
      work({
        webSocketConnections: 1,
        webSocketMessages: 2,
        invocations: { liveSocket: 2 },
        gbSeconds: { liveSocket: LIVE_GB * (LIVE_SECONDS.connect + LIVE_SECONDS.disconnect) },
        wru: 2 * ASSUMED.liveItemWru,
      }),
      subscribe,
    ),
    /** A minute of an open tab: the socket's minute and its share of keep-alive subscribes. */
    tabMinute: add(work({ webSocketMinutes: 1 }), subscribe, 1 / LIVE_PAGE.keepaliveMinutes),
  };
}

export type Activity = keyof ReturnType<typeof unitWork>;

/** How many of each activity one player makes a day. */
export const PER_DAY: Record<Activity, number> = {
  move: TRAFFIC.moves,
  visit: TRAFFIC.visits,
  readAfterPoke: TRAFFIC.readsAfterPoke,
  returnVisit: TRAFFIC.returnVisits,
  poll: TRAFFIC.polls,
  notice: TRAFFIC.notices,
  computerMove: TRAFFIC.computerMoves,
  sweepVisit: FROM_CODE.sweepVisitsPerDay,
  socket: TRAFFIC.sockets,
  tabMinute: TRAFFIC.tabMinutes,
};

/** How many of each activity one player makes a day, with the mix's cuts. */
export const perDay = (mix: Mix): Record<Activity, number> => ({ ...PER_DAY, poll: mix.cuts?.polls ?? PER_DAY.poll });

/** One player's whole day of work, and each activity's part of it. */
export function dailyWork(mix: Mix) {
  const units = unitWork(mix);
  const counts = perDay(mix);
  const parts = Object.fromEntries((Object.keys(PER_DAY) as Activity[]).map((a) => [a, add(none, units[a], counts[a])])) as Record<
    Activity,
    Work
  >;
  const total = Object.values(parts).reduce((t, w) => add(t, w), none);
  return { units, parts, total };
}
// ------------------------------------------------------------------ cost

/** USD of some work at list prices (infra/cost.ts PRICES), split by service; mail apart. */
export function costOf(w: Work) {
  const gbs = Object.values(w.gbSeconds).reduce((a, b) => a + b, 0);
  const invokes = Object.values(w.invocations).reduce((a, b) => a + b, 0);
  const parts = {
    requests: w.apiRequests * PRICES.cloudFrontRequest + w.pageRequests * (PRICES.cloudFrontRequest + PRICES.s3Get),
    transfer: (w.bytesOut / 1e9) * PRICES.cloudFrontPerGB,
    lambda: invokes * PRICES.lambdaRequest + gbs * PRICES.lambdaGbSecondArm,
    reads: w.rru * PRICES.dynamoRru,
    writes: (w.wru + w.dueWru) * PRICES.dynamoWru,
    queues: w.sqsMessages * sqsRequestsPerMessage * PRICES.sqsRequest,
    webSocket: w.webSocketMessages * PRICES.webSocketMessage + w.webSocketMinutes * PRICES.webSocketMinute,
  };
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  return { parts, total, mail: w.mails * PRICES.sesPerMail };
}

/** The goal: USD per 1 M DAU-month, mail apart (issue 27). */
export const MONTHLY_GOAL_USD = 15_000;
const MONTH_DAYS = 30;

/** USD per 1 M DAU for a 30-day month: by activity, by service, in all, and the mail beside it. */
export function monthlyCost(mix: Mix, dau = 1_000_000) {
  const day = dailyWork(mix);
  const scale = dau * MONTH_DAYS;
  const byActivity = Object.fromEntries(
    (Object.keys(day.parts) as Activity[]).map((a) => [a, costOf(day.parts[a]).total * scale]),
  ) as Record<Activity, number>;
  const all = costOf(day.total);
  const byService = Object.fromEntries(Object.entries(all.parts).map(([k, v]) => [k, v * scale])) as Record<keyof typeof all.parts, number>;
  return { byActivity, byService, total: all.total * scale, mail: all.mail * scale };
}

// ------------------------------------------------------------------ partitions

export interface PartitionRow {
  key: string;
  what: string;
  /** Write and read units per second on the busiest partition of this pattern at the peak. */
  wcu: number;
  rcu: number;
  /** Whether it grows with the number of players (shared partitions) or is one entity's own. */
  scales: boolean;
}

/** Every key pattern of functions/storage/table.ts, its busiest partition at `dau` players' peak hour. */
export function partitionRows(mix: Mix, dau = TARGET_DAU): PartitionRow[] {
  const u = unitWork(mix);
  const p = mix.profile;
  const rate = (perDay: number) => peakRate(perDay, dau);
  const hot = ASSUMED.hotMatch;
  const head = rru(p.matchItem);
  const dueWrites =
    rate(TRAFFIC.moves) * u.move.dueWru +
    rate(TRAFFIC.computerMoves) * u.computerMove.dueWru +
    rate(FROM_CODE.sweepVisitsPerDay) * u.sweepVisit.dueWru;
  // The sweep reads what falls due (index reads are eventually consistent: half a unit per 4 KB).
  const dueReads = (rate(FROM_CODE.sweepVisitsPerDay) * ASSUMED.dueEntryBytes) / 4096 / 2;
  const digestMembers = dau * ASSUMED.digestShare;
  const digestReads = ((digestMembers / DIGEST_SHARDS) * (ASSUMED.digestEntryBytes / 4096)) / ASSUMED.digestListSeconds;
  const signInWrites = 2 * ASSUMED.signInPerAddressPerSecond * ASSUMED.addressesPerNetwork;
  return [
    {
      key: 'M#<match> (match, LOG#, CHAT#, NOTIFY#, HELD#, SENT#, N#…, WH#, WHN#, WHT#)',
      what: `the busiest match: ${hot.movesPerSecond} move/s, ${hot.pages} pages reading each change, ${hot.returnVisitsPerSecond} return visits/s`,
      wcu: hot.movesPerSecond * u.move.wru + hot.chatPerSecond * 2 * 2,
      rcu:
        hot.movesPerSecond * hot.pages * u.readAfterPoke.rru +
        hot.movesPerSecond * hot.pages * head +
        hot.returnVisitsPerSecond * returnVisitRru(mix) +
        // The dispatcher's Query of the match's webhooks (WH#…, a few small items) per notice.
        hot.movesPerSecond,
      scales: false,
    },
    {
      key: `due index DUE#<0..${DUE_SHARDS - 1}>`,
      what: `every move's, computer move's and sweep visit's index entries over ${DUE_SHARDS} shards; the sweep's Queries`,
      wcu: dueWrites / DUE_SHARDS,
      rcu: dueReads / DUE_SHARDS,
      scales: true,
    },
    {
      key: `DIGEST#<0..${DIGEST_SHARDS - 1}>`,
      what: `${(ASSUMED.digestShare * 100).toFixed(0)} % of players on the digest's list, read in one run within ${ASSUMED.digestListSeconds} s`,
      wcu: rate(0.01 * ASSUMED.digestShare) / DIGEST_SHARDS,
      rcu: digestReads,
      scales: true,
    },
    {
      key: 'WALK#digest',
      what: "the digest walk's cursor, saved per page of 1 MB read",
      wcu: (digestMembers * ASSUMED.digestEntryBytes) / 2 ** 20 / ASSUMED.digestListSeconds,
      rcu: 1 / ASSUMED.digestListSeconds,
      scales: true,
    },
    {
      key: 'RL#signin#<cap>#<subject>',
      what: `one client network's counter: ${ASSUMED.addressesPerNetwork} addresses each at the WAF's sign-in limit (a transaction: 2 units)`,
      wcu: signInWrites,
      rcu: 0,
      scales: false,
    },
    {
      key: 'LIVE#<match>',
      what: `the busiest match's subscriptions: ${hot.pages} pages renewing every ${LIVE_PAGE.keepaliveMinutes} min, one Query per change`,
      wcu: (hot.pages / (LIVE_PAGE.keepaliveMinutes * 60)) * ASSUMED.liveItemWru,
      rcu: (hot.movesPerSecond + hot.chatPerSecond) * 0.5 * Math.max(1, Math.ceil((hot.pages * 100) / 4096)),
      scales: false,
    },
    {
      key: 'CONN#<connection>',
      what: `one socket: at most ${MAX_SUBSCRIPTIONS} subscriptions, renewed every ${LIVE_PAGE.keepaliveMinutes} min`,
      wcu: (MAX_SUBSCRIPTIONS / (LIVE_PAGE.keepaliveMinutes * 60)) * ASSUMED.liveItemWru,
      rcu: 0,
      scales: false,
    },
    {
      key: 'P#<player> (PLAYER, SESSION#, SEAT#, WAITING, DIGEST#day, WH#, WHN#, WHT#)',
      what: `the busiest signed-in player: /me/next reads the waiting board on ${ASSUMED.hotPlayerViewsPerSecond} page views/s, ${ASSUMED.hotPlayerBoardChangesPerSecond} board changes/s; a claim queries all ${MAX_SEATS} seats`,
      wcu: 0.1 + ASSUMED.hotPlayerBoardChangesPerSecond * 1,
      rcu:
        ASSUMED.hotPlayerViewsPerSecond * 0.5 +
        ASSUMED.hotPlayerBoardChangesPerSecond * (0.5 + 0.5 * 0.5) +
        ASSUMED.hotPlayerClaimsPerSecond * rru(MAX_SEATS * ASSUMED.seatClaimBytes),
      scales: false,
    },
    ...playerRows(rate),
    ...safetyRows(rate),
    {
      // functions/matches/vacation.ts: read and written (conditionally, < 1 KB) once per day spent, a spend per late
      // seat a day: even a player whose many seats fall due in one sweep stays near one write a second.
      key: 'P#<player> (VACATION)',
      what: "one player's vacation bank: a consistent read and a conditional put per day spent (one per late seat a day), a read per view of their account page",
      wcu: 1,
      rcu: 2,
      scales: false,
    },
    {
      key: 'OWN#<match>#<seat>',
      what: "a seat's owner, read per notice of that seat (the busiest match's moves)",
      wcu: 0,
      rcu: hot.movesPerSecond,
      scales: false,
    },
    {
      key: 'EMAIL#<sha256>, PADDR#, SIGNIN#, NT#',
      what: "one address's suppression, proofs and links: read per mail to it, written on a sign-in or a confirmation",
      wcu: 2 * ASSUMED.signInPerAddressPerSecond,
      rcu: hot.movesPerSecond,
      scales: false,
    },
  ];
}

/** The rows of what players see of each other: profiles and names, leaderboards, the lobby (issue 28). */
function playerRows(rate: (perDay: number) => number): PartitionRow[] {
  return [
    {
      key: 'P#<player> (PROFILE, STATS#<game>, DONE#<ended>#<match>) beside the above',
      what: `the most viewed player: ${ASSUMED.hotPlayerPageViewsPerSecond} page views/s (record, profile, counters, up to ${PACE_MATCHES_MAX} finished matches), ${ASSUMED.hotPresenceReadsPerSecond} presence reads/s and ${ASSUMED.hotFriendListReadsPerSecond} friends lists naming them, presence tried by ${ASSUMED.presenceWritersPerPlayer} processes once per ${PRESENCE_WRITE_EVERY_MS / 60_000} min, and the seats' load above`,
      wcu: 0.1 + ASSUMED.presenceWritersPerPlayer / (PRESENCE_WRITE_EVERY_MS / 1000),
      rcu:
        ASSUMED.hotPlayerViewsPerSecond * rru(MAX_SEATS * ASSUMED.seatClaimBytes) +
        ASSUMED.hotPlayerPageViewsPerSecond * (3 + 0.5 * rru(PACE_MATCHES_MAX * ASSUMED.finishedMatchBytes)) +
        ASSUMED.hotPresenceReadsPerSecond +
        ASSUMED.hotFriendListReadsPerSecond,
      scales: false,
    },
    {
      key: 'NAME#<name>',
      what: `a player name: read per view of its page, claimed by ${ASSUMED.nameClaimsAtOnce} players in the same second (a transaction each)`,
      wcu: ASSUMED.nameClaimsAtOnce * 2,
      rcu: ASSUMED.hotPlayerPageViewsPerSecond,
      scales: false,
    },
    {
      key: `LB#<pool>#<0..${LEADERBOARD_SHARDS - 1}>`,
      what: `one pool's leaderboard over ${LEADERBOARD_SHARDS} shards: ${ASSUMED.ratedResultsPerPlayerDay} rated results and ${ASSUMED.leaderboardViewsPerPlayerDay} board view a player a day`,
      // A moved line is a delete and a put, inside the rating's transaction (twice the units).
      wcu: (rate(ASSUMED.ratedResultsPerPlayerDay) * 2 * 2) / LEADERBOARD_SHARDS,
      // Every view reads 2 × 10 lines around the viewer from each shard; the top 100 of each shard is read once per
      // TOP_CACHE_MS by each API instance (at most the account's concurrency); eventually consistent reads.
      rcu:
        (rate(ASSUMED.leaderboardViewsPerPlayerDay) * 2 * rru(10 * ASSUMED.boardLineBytes) +
          (LIMITS.lambdaConcurrency.value / (TOP_CACHE_MS / 1000)) * rru(100 * ASSUMED.boardLineBytes)) *
        0.5,
      scales: true,
    },
    {
      key: `LOBBY#<game>#<0..${LOBBY_SHARDS - 1}>`,
      what: `every open game of the busiest game (all of them: the worst case) over ${LOBBY_SHARDS} shards; each listing and quick match reads a page of ${LOBBY_PAGE_PER_SHARD} from every shard`,
      wcu: (rate(ASSUMED.openingsPerPlayerDay) * ASSUMED.lobbyWritesPerOpening * 2 * wru(ASSUMED.lobbyEntryBytes)) / LOBBY_SHARDS,
      // Eventually consistent: half a unit per 4 KB; every read asks every shard, so more shards do not lower this.
      rcu:
        rate(ASSUMED.lobbyViewsPerPlayerDay + ASSUMED.quickMatchesPerPlayerDay) * 0.5 * rru(LOBBY_PAGE_PER_SHARD * ASSUMED.lobbyEntryBytes),
      scales: true,
    },
    {
      key: 'HOST#<player>, RL#lobby#<player>',
      what: `one player's open games (at most ${MAX_HOSTED}) counted per opening and read by ${ASSUMED.hotFriendListReadsPerSecond} friends lists/s, and their hourly counter (${OPENINGS_PER_HOUR} an hour)`,
      wcu: (2 * 2 * OPENINGS_PER_HOUR) / 3600,
      rcu: (2 * OPENINGS_PER_HOUR) / 3600 + ASSUMED.hotFriendListReadsPerSecond * 0.5,
      scales: false,
    },
    {
      key: 'P#<player> (CHIN#, CHOUT#), RL#challenge#<player>',
      what: `one player's challenges: ${CHALLENGES_PER_DAY} made a day (at most ${MAX_PENDING_CHALLENGES} pending), ${ASSUMED.hotChallengesPerSecond}/s arriving at a much-challenged player; each list one Query per account page view`,
      // A challenge is two items written in a transaction and removed in one (2 × 2 units each), and its day's counter.
      wcu: ASSUMED.hotChallengesPerSecond * 2 * 2 * 2 + (CHALLENGES_PER_DAY * (2 * 2 * 2 + 2)) / 86_400,
      rcu: ASSUMED.hotPlayerPageViewsPerSecond * rru(MAX_PENDING_CHALLENGES * 300),
      scales: false,
    },
  ];
}

/** The rows of block, report and moderation (functions/players/safety.ts, moderation.ts; issue 28). */
function safetyRows(rate: (perDay: number) => number): PartitionRow[] {
  return [
    {
      key: `REPORTS#<0..${REPORT_SHARDS - 1}>`,
      what: `reports for the operator over ${REPORT_SHARDS} shards by id, ${ASSUMED.reportsPerPlayerDay} a player a day; read newest first only by the operator`,
      wcu: (rate(ASSUMED.reportsPerPlayerDay) * 2 * wru(ASSUMED.reportBytes)) / REPORT_SHARDS,
      rcu: 1,
      scales: true,
    },
    {
      key: 'MODLOG',
      what: `the operator's log: ${ASSUMED.moderationActionsPerSecond} action a second at most, each with its standing in one transaction`,
      wcu: ASSUMED.moderationActionsPerSecond * 2,
      rcu: 1,
      scales: false,
    },
    {
      key: 'P#<player> (BLOCK#, BLOCKEDBY#, STANDING), RL#report#<player>',
      what: `one player's blocks (at most ${MAX_BLOCKS} theirs) read in one Query per quick match and chat read; a block two items in a transaction; ${REPORTS_PER_DAY} reports a day counted`,
      wcu: (2 * 2 * MAX_BLOCKS) / 86_400 + (2 * REPORTS_PER_DAY) / 86_400,
      // At most one chat read or quick match a second per player, each one consistent Query of both lists (≤ 2 × MAX_BLOCKS items of ~60 B).
      rcu: 1 + rru(2 * MAX_BLOCKS * 60),
      scales: false,
    },
  ];
}

/** A row's share of the partition limits (the larger of write and read). */
export const partitionShare = (r: PartitionRow) => Math.max(r.wcu / LIMITS.partitionWrite.value, r.rcu / LIMITS.partitionRead.value);

// ------------------------------------------------------------------ Lambda, API Gateway, SES, the table

/** The stack's caps, read from infra/stack.ts by infra/capacity-limits.ts (null: no cap of its own). */
export interface StackLimits {
  reservedConcurrency: Partial<Record<keyof typeof FUNCTIONS, number | null>>;
  /** The API function URL's ceiling: 10 × its reserved concurrency (null: none reserved). */
  apiUrlRate: number | null;
  webSocketRate: number | null;
  webSocketConnectRate: number | null;
}

export interface QuotaRow {
  what: string;
  /** The peak need at TARGET_DAU and at DEFAULT_DAU. */
  at10M: number;
  at1M: number;
  /** The stack's own cap on it (null: none), and AWS's default account quota, with its page. */
  stackCap: number | null;
  quota: number;
  quotaPage: string;
  unit: string;
}

/**
 * Peak Lambda concurrency of each function at `dau`: its billed GB-seconds a second over its memory (invocations/s ×
 * billed seconds; an SQS consumer's batch and the sweep's items in flight share one invocation, as the work says).
 * The digest is one invocation at a time walking its list with DIGEST_WORKERS × DIGEST_IN_FLIGHT players in
 * flight, paced to DIGEST_SENDS_PER_SECOND: the need is the list's rate over what one invocation serves.
 */
export function lambdaConcurrency(mix: Mix, dau: number): Record<keyof typeof FUNCTIONS, number> {
  const day = dailyWork(mix).total;
  const busy = (f: keyof typeof FUNCTIONS) => peakRate(day.gbSeconds[f] ?? 0, dau) / gbOf(f);
  const digestServes = Math.min(FROM_CODE.digestInFlight / ASSUMED.digestSecondsPerPlayer, FROM_CODE.digestSendsPerSecond);
  return {
    api: busy('api'),
    streamReader: busy('streamReader'),
    dispatcher: busy('dispatcher'),
    bots: busy('bots'),
    liveSocket: busy('liveSocket'),
    livePoke: busy('livePoke'),
    sweep: busy('sweep'),
    digest: (dau * ASSUMED.digestShare) / ASSUMED.digestWindowSeconds / digestServes,
  };
}

export function quotaRows(mix: Mix, stack: StackLimits): QuotaRow[] {
  const day = dailyWork(mix).total;
  const at = (dau: number) => ({
    concurrency: lambdaConcurrency(mix, dau),
    http: peakRate(day.apiRequests, dau),
    wsMessages: peakRate(day.webSocketMessages, dau),
    wsConnections: peakRate(day.webSocketConnections, dau),
    wcu: peakRate(day.wru, dau),
    rcu: peakRate(day.rru, dau),
    dueWcu: peakRate(day.dueWru, dau),
    mails: peakRate(day.mails, dau),
  });
  const big = at(TARGET_DAU);
  const small = at(DEFAULT_DAU);
  const fns = Object.keys(FUNCTIONS) as (keyof typeof FUNCTIONS)[];
  const totalConcurrency = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
  const L = LIMITS;
  return [
    ...fns.map((f) => ({
      what: `Lambda ${f} concurrency`,
      at10M: big.concurrency[f],
      at1M: small.concurrency[f],
      stackCap: stack.reservedConcurrency[f] ?? null,
      quota: L.lambdaConcurrency.value,
      quotaPage: L.lambdaConcurrency.page,
      unit: 'executions',
    })),
    {
      what: 'Lambda concurrency, all functions',
      at10M: totalConcurrency(big.concurrency),
      at1M: totalConcurrency(small.concurrency),
      stackCap: null,
      quota: L.lambdaConcurrency.value,
      quotaPage: L.lambdaConcurrency.page,
      unit: 'executions',
    },
    {
      what: 'API function URL requests (10 per environment)',
      at10M: big.http,
      at1M: small.http,
      stackCap: stack.apiUrlRate,
      quota: L.functionUrlRate.value,
      quotaPage: L.functionUrlRate.page,
      unit: '/s',
    },
    {
      what: 'WebSocket messages (in and out)',
      at10M: big.wsMessages,
      at1M: small.wsMessages,
      stackCap: stack.webSocketRate,
      quota: L.apiRequests.value,
      quotaPage: L.apiRequests.page,
      unit: '/s',
    },
    {
      what: 'WebSocket new connections',
      at10M: big.wsConnections,
      at1M: small.wsConnections,
      stackCap: stack.webSocketConnectRate,
      quota: L.webSocketConnections.value,
      quotaPage: L.webSocketConnections.page,
      unit: '/s',
    },
    {
      what: 'DynamoDB table writes',
      at10M: big.wcu,
      at1M: small.wcu,
      stackCap: null,
      quota: L.tableThroughput.value,
      quotaPage: L.tableThroughput.page,
      unit: 'WRU/s',
    },
    {
      what: 'DynamoDB table reads',
      at10M: big.rcu,
      at1M: small.rcu,
      stackCap: null,
      quota: L.tableThroughput.value,
      quotaPage: L.tableThroughput.page,
      unit: 'RRU/s',
    },
    {
      what: 'DynamoDB `due` index writes',
      at10M: big.dueWcu,
      at1M: small.dueWcu,
      stackCap: null,
      quota: L.tableThroughput.value,
      quotaPage: L.tableThroughput.page,
      unit: 'WRU/s',
    },
    {
      what: 'SES mails (notices; the digest apart)',
      at10M: big.mails,
      at1M: small.mails,
      stackCap: null,
      quota: L.sesRate.value,
      quotaPage: L.sesRate.page,
      unit: '/s',
    },
  ];
}

/** What an operator asks AWS for: each quota the 10 M DAU peak exceeds, rounded up to a round figure. */
export function quotasToRaise(rows: QuotaRow[]): { what: string; need: number; ask: number; quota: number; page: string; unit: string }[] {
  const round = (n: number) => {
    const step = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
    return Math.ceil((n * 1.25) / step) * step;
  };
  return rows
    .filter((r) => !r.what.startsWith('Lambda ') || r.what.includes('all functions'))
    .filter((r) => r.at10M > r.quota)
    .map((r) => ({ what: r.what, need: r.at10M, ask: round(r.at10M), quota: r.quota, page: r.quotaPage, unit: r.unit }));
}

/** For the README: the same rows as text lines, with their arithmetic. */
export function quotaLines(mix: Mix, stack: StackLimits): string[] {
  return quotasToRaise(quotaRows(mix, stack)).map(
    (q) =>
      `${q.what}: ${Math.round(q.need).toLocaleString('en')} ${q.unit} at the peak (default quota ${q.quota.toLocaleString('en')}); ask for ${q.ask.toLocaleString('en')} (${q.page})`,
  );
}
