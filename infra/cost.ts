/**
 * The AWS cost of one match, on paper: list prices (us-east-1, on demand, no free tier, no savings plan)
 * times what each request does. The DynamoDB side (item sizes, hence request units) is measured by
 * `npm run bench infra`, which plays Dutch auction matches through the API on DynamoDB Local and prints
 * this model with its own measurements next to the figures below; infra/README.md explains the rest.
 * Computer players' moves are Lambda invocations of their own (botUnitCosts, botMatchCost).
 */
import { FUNCTIONS } from './functions.js';

/** USD, us-east-1 list prices as published (DynamoDB on demand after its November 2024 price cut). */
export const PRICES = {
  cloudFrontRequest: 0.01 / 10_000, // HTTPS requests, North America / Europe
  cloudFrontPerGB: 0.085, // data transfer out, first 10 TB (CloudFront does not compress /api/*: caching is off there)
  s3Get: 0.0004 / 1000, // GET (CloudFront revalidating a no-cache page)
  lambdaRequest: 0.2 / 1_000_000,
  lambdaGbSecondArm: 0.0000133334, // arm64, first 7.5 billion GB-s; the init phase is billed too (since August 2025)
  dynamoWru: 0.625 / 1_000_000, // on demand, after the November 2024 price cut
  dynamoRru: 0.125 / 1_000_000,
  sesPerMail: 0.1 / 1000,
  sqsRequest: 0.4 / 1_000_000, // standard queue, per request of up to 64 KB (a batch of ten is one request per 64 KB)
  webSocketMessage: 1.0 / 1_000_000, // API Gateway WebSocket, first billion; each way, per started 32 KB
  webSocketMinute: 0.25 / 1_000_000, // connection minutes
} as const;

/** What one match does, per move; the DynamoDB figures are measured (see DUTCH_AUCTION). */
export interface MatchProfile {
  moves: number;
  /** 304 polls per move, all seats together (the page's schedule: infra/README.md "Polling"). */
  pollsPerMove: number;
  /** Share of visits that meet a cold API container (its init is billed). */
  coldShare: number;
  /** Bytes of the match item as stored: a poll's head read and every full read are billed on it. */
  matchItem: number;
  /**
   * Write request units of one accepted move: the transaction (match, log record, outbox rows; each
   * item rounded up to whole KB, then doubled for the transaction) plus the `due` index entries it moves.
   */
  moveWru: number;
  /** Of moveWru, the `due` index's part, counted from the items (the capacity model takes DUE_UNITS_PER_MOVE for it). */
  moveDueWru?: number;
  /** Bytes of the log records the first read of a visit fetches (the last LOG_PAGE of them). */
  logPageBytes: number;
  /** Outbox rows per move (at most one per other seat, only when that seat's situation changed). */
  intentsPerMove: number;
  /** Response bodies: a full read (match, view, a page of log) and a move's answer. */
  readBytesOut: number;
  moveBytesOut: number;
}

/**
 * A 2-seat Dutch auction as measured by `npm run bench infra` (2 random games, 121 moves, November 2026):
 * match item 1.5 KB (its JSON deflated; 3.0 KB as plain JSON), log record 1.2 KB (3.5 KB plain: the stored
 * Idempotency-Key response is most of it) carrying the move's notifications, 0.33 of them per move.
 */
export const DUTCH_AUCTION: MatchProfile = {
  moves: 100,
  pollsPerMove: 10,
  coldShare: 0.25,
  matchItem: 1480,
  moveWru: 8.4,
  logPageBytes: 27_000,
  intentsPerMove: 0.33,
  readBytesOut: 11_300,
  moveBytesOut: 2_600,
};

/**
 * A 2-seat Dutch auction as the capacity and cost model (infra/capacity.ts) takes it, measured by `npm run bench --
 * capacity` (2 random games, 119 moves, 2026-11-28), after the smaller items (the kept answer without
 * its state-made parts, short Idempotency-Keys) and with answers gzipped as a browser asks: match item
 * 1,147 B, log record 801 B, a first read's log page 17.7 kB, 6.8 write units a move (0.36 of them
 * on the `due` index, counted from the items), answers 2.1 kB (read) and 0.9 kB (move) on the wire.
 * DUTCH_AUCTION keeps the earlier figures of the per-match cost on paper.
 */
export const DUTCH_AUCTION_MEASURED: MatchProfile = {
  ...DUTCH_AUCTION,
  matchItem: 1147,
  moveWru: 6.8,
  moveDueWru: 0.36,
  logPageBytes: 17700,
  readBytesOut: 2100,
  moveBytesOut: 900,
};

/**
 * A 4-seat Golden Age match as measured by `npm run bench -- capacity` (1 game of random legal moves through
 * the API, 987 moves, 2026-11-28, the same measurement as DUTCH_AUCTION_MEASURED's): match item 1,980 B, log
 * record 731 B, a first read's log page 21.6 kB, 7.0 write units a move (0.32 on the `due` index);
 * answers 4.0 kB (read) and 2.6 kB (move) on the wire. Random play makes long matches; people's are shorter.
 */
export const GOLDEN_AGE: MatchProfile = {
  moves: 987,
  pollsPerMove: 10,
  coldShare: 0.25,
  matchItem: 1980,
  moveWru: 7.0,
  moveDueWru: 0.32,
  logPageBytes: 21600,
  intentsPerMove: 0.33,
  readBytesOut: 4000,
  moveBytesOut: 2600,
};

/** Bytes of one log record as stored, measured with the profiles above (the return visit's whole-log bound). */
export const AUCTION_LOG_RECORD_BYTES = 801;
export const GOLDEN_AGE_LOG_RECORD_BYTES = 731;

/** The same match as stored before (plain JSON), measured in the same run. */
export const DUTCH_AUCTION_UNCOMPRESSED: MatchProfile = {
  ...DUTCH_AUCTION,
  matchItem: 3000,
  moveWru: 15.9,
  logPageBytes: 73_000,
};

/** Lambda memory (GB) as deployed (infra/functions.ts), and billed durations assumed per request. */
export const API_GB = 0.5;
export const DISPATCHER_GB = 0.25;
export const SECONDS = { poll: 0.015, read: 0.06, move: 0.08, init: 0.8, notification: 0.15 } as const;

/** Strongly consistent reads: one unit per started 4 KB (a Query sums the items first). */
export const rru = (bytes: number) => Math.max(1, Math.ceil(bytes / 4096));
/** Writes: one unit per started KB of the item (the larger of before and after for an update). */
export const wru = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

const request = (bytesOut: number) => PRICES.cloudFrontRequest + PRICES.lambdaRequest + (bytesOut / 1e9) * PRICES.cloudFrontPerGB; // no API Gateway: CloudFront calls the function URL
const lambda = (gb: number, seconds: number) => gb * seconds * PRICES.lambdaGbSecondArm;

/** USD per unit of work. */
export function unitCosts(p: MatchProfile) {
  return {
    /** An unchanged match: the head projection (billed on the whole item), 304, ~400 bytes of headers. */
    poll: request(400) + lambda(API_GB, SECONDS.poll) + rru(p.matchItem) * PRICES.dynamoRru,
    /** The page's first read: the match and the last page of the log. */
    read: request(p.readBytesOut) + lambda(API_GB, SECONDS.read) + (rru(p.matchItem) + rru(p.logPageBytes)) * PRICES.dynamoRru,
    /**
     * An accepted move: the match read, then one transaction. (A move right after the read, in the same
     * container, skips the read; counted anyway, as a visit may meet another container.)
     */
    move: request(p.moveBytesOut) + lambda(API_GB, SECONDS.move) + rru(p.matchItem) * PRICES.dynamoRru + p.moveWru * PRICES.dynamoWru,
    /** index.html and sw.js revalidated through CloudFront (hashed bundles stay in the browser cache). */
    pageLoad: 2 * (PRICES.cloudFrontRequest + PRICES.s3Get),
    /**
     * One notification on the stream: a dispatcher invocation; the seat's settings, the match and the log
     * record read; claim, settle, and the outbox entry settled (the log item leaves the `due` index).
     */
    notification:
      PRICES.lambdaRequest +
      lambda(DISPATCHER_GB, SECONDS.notification) +
      (1 + rru(p.matchItem) + 1) * PRICES.dynamoRru +
      4 * PRICES.dynamoWru,
    /** API container init, billed since August 2025. */
    coldStart: lambda(API_GB, SECONDS.init),
    email: PRICES.sesPerMail,
  };
}

// ------------------------------------------------------------------ computer players

/** The bot function's memory as deployed (infra/functions.ts), in GB: its billed seconds cost this much more. */
export const BOT_GB = FUNCTIONS.bots.memoryMb / 1024;
/**
 * Billed seconds assumed per bot invocation (not measured on AWS): a strong move is 100 ms of CPU on a
 * full vCPU (the strong level's think-time budget), about 170 ms at 1 GB, plus the match read and the
 * commit; an easy one a few ms plus the same I/O. `wake` is an invocation that finds no bot turn (woken
 * by the bot's own commit, or by a change that is no bot's turn). `reaction` is the 1.5–3 s a snap waited,
 * billed as it slept, before the wait became a delayed message on the bots' queue (docs/decisions/stream-fan-out.md);
 * `botMatchCost`'s `reactionsPerBotMove` prices that old path, the monthly model (infra/capacity.ts) bills no wait.
 */
export const BOT_SECONDS = { strong: 0.25, easy: 0.06, wake: 0.02, reaction: 2.25, init: 1.0 } as const;

/** USD per unit of the bot players' work. */
export function botUnitCosts(p: MatchProfile) {
  const read = rru(p.matchItem) * PRICES.dynamoRru;
  // A bot's move is the same transaction as a person's: the same write units.
  const move = (seconds: number) => PRICES.lambdaRequest + lambda(BOT_GB, seconds) + read + p.moveWru * PRICES.dynamoWru;
  return {
    strongMove: move(BOT_SECONDS.strong),
    easyMove: move(BOT_SECONDS.easy),
    /** Each bot move's own commit wakes the function once more (the stream), which reads and finds nothing to do. */
    wake: PRICES.lambdaRequest + lambda(BOT_GB, BOT_SECONDS.wake) + read,
    /** On top of a move made as a reaction: the wait, billed at the function's memory, and the second read. */
    reactionWait: lambda(BOT_GB, BOT_SECONDS.reaction) + read,
    coldStart: lambda(BOT_GB, BOT_SECONDS.init),
  };
}

/**
 * A match against the computer: `botShare` of the moves are made by bots (of `level`), the rest by people
 * visiting as in `matchCost`. Each bot move: the move, one idle wake, a share of cold starts, and its
 * reactions' waits. Polls and notifications as for people.
 */
export function botMatchCost(
  p: MatchProfile = DUTCH_AUCTION,
  {
    botShare = 0.5,
    level = 'strong',
    reactionsPerBotMove = 0,
  }: { botShare?: number; level?: 'easy' | 'strong'; reactionsPerBotMove?: number } = {},
) {
  const u = unitCosts(p);
  const b = botUnitCosts(p);
  const humanMoves = p.moves * (1 - botShare);
  const botMoves = p.moves * botShare;
  const perBotMove =
    (level === 'strong' ? b.strongMove : b.easyMove) + b.wake + p.coldShare * b.coldStart + reactionsPerBotMove * b.reactionWait;
  const parts = {
    visits: humanMoves * (u.pageLoad + u.read + u.move + p.coldShare * u.coldStart),
    bots: botMoves * perBotMove,
    polls: p.moves * p.pollsPerMove * u.poll,
    notifications: p.moves * p.intentsPerMove * u.notification,
  };
  return { units: b, perBotMove, parts, total: parts.visits + parts.bots + parts.polls + parts.notifications };
}

/** USD for the whole match, email apart (push costs nothing beyond the dispatcher). */
export function matchCost(p: MatchProfile = DUTCH_AUCTION) {
  const u = unitCosts(p);
  // Each move comes from one visit of the mover: the page, its first read, the move.
  const perVisit = u.pageLoad + u.read + u.move + p.coldShare * u.coldStart;
  const parts = {
    visits: p.moves * perVisit,
    polls: p.moves * p.pollsPerMove * u.poll,
    notifications: p.moves * p.intentsPerMove * u.notification,
  };
  const total = parts.visits + parts.polls + parts.notifications;
  return { units: u, parts, total, emailIfAllByMail: p.moves * p.intentsPerMove * u.email };
}

/** Polls per move the goal leaves room for, if any. */
export function pollBudget(goalUsd: number, p: MatchProfile = DUTCH_AUCTION): number {
  const noPolls = matchCost({ ...p, pollsPerMove: 0 }).total;
  return Math.max(0, (goalUsd - noPolls) / (p.moves * unitCosts(p).poll));
}

// ------------------------------------------------------------------ the live table (pokes to open pages)

/**
 * How a page uses the live channel (web/src/live.ts, web/src/poll/schedule.ts): a subscribe renewed as
 * the keep-alive every 9 minutes, a safety-net poll every 30 minutes, a new connection every 2 hours.
 * Kept here as numbers so the model loads without the web code; tests/infra/live-cost.test.ts checks
 * they are the page's.
 */
export const LIVE_PAGE = { keepaliveMinutes: 9, safetyPollMinutes: 30, connectionHours: 2 } as const;

/** Billed seconds assumed per live invocation (256 MB): a subscribe (head read, two writes, one post), a poke (a Query, posts in parallel). */
export const LIVE_GB = FUNCTIONS.liveSocket.memoryMb / 1024;
export const LIVE_SECONDS = { message: 0.02, connect: 0.005, disconnect: 0.02, poke: 0.03 } as const;

/** USD per unit of the live channel's work. */
export function liveUnitCosts(p: MatchProfile) {
  const invoke = (seconds: number) => PRICES.lambdaRequest + lambda(LIVE_GB, seconds);
  return {
    /** A subscribe or its renewal: in and answer out, the socket function, the match's head, the connection and subscription written. */
    subscribe: 2 * PRICES.webSocketMessage + invoke(LIVE_SECONDS.message) + rru(p.matchItem) * PRICES.dynamoRru + 2 * PRICES.dynamoWru,
    /** A connection opened and closed: $connect (the Origin check) and $disconnect (the connection and its subscriptions deleted). */
    connection: 2 * PRICES.webSocketMessage + invoke(LIVE_SECONDS.connect) + invoke(LIVE_SECONDS.disconnect) + 2 * PRICES.dynamoWru,
    minute: PRICES.webSocketMinute,
    /** A write of a match item on the stream: the poke function, one eventually consistent Query, one message per subscriber. */
    pokeBase: invoke(LIVE_SECONDS.poke) + 0.5 * PRICES.dynamoRru,
    pokePerSubscriber: PRICES.webSocketMessage,
  };
}

/**
 * A match played at the live table: `moves` moves while the players' tabs are open `tabHours` in all
 * (both tabs together), each tab opened `opens` times. Compared with the same match with no reads beyond
 * its visits (`matchCost` with no polls): there each move is one visit (page, first read, move).
 *
 * Here each player opens the page a few times and stays; a move is the move itself, the poke, and the one
 * conditional read it causes on the other page (the mover's page already shows that version and reads
 * nothing). That read is the floor of any way of showing a move on an open page. On top: connection
 * minutes, the keep-alive subscribes, the safety-net polls and a connection per 2 hours.
 */
export function liveMatchCost(p: MatchProfile = DUTCH_AUCTION, { tabHours = 2, opens = 2, subscribers = 2 } = {}) {
  const u = unitCosts(p);
  const l = liveUnitCosts(p);
  const connections = Math.max(opens, Math.ceil(tabHours / LIVE_PAGE.connectionHours));
  const keepalives = (tabHours * 60) / LIVE_PAGE.keepaliveMinutes;
  const parts = {
    visits: opens * (u.pageLoad + u.read + p.coldShare * u.coldStart),
    moves: p.moves * (u.move + p.coldShare * u.coldStart),
    /** The floor: the other page's conditional read of each move. */
    pokeReads: p.moves * u.read,
    pokes: p.moves * (l.pokeBase + subscribers * l.pokePerSubscriber),
    sockets: tabHours * 60 * l.minute + connections * (l.connection + l.subscribe) + keepalives * l.subscribe,
    safetyPolls: ((tabHours * 60) / LIVE_PAGE.safetyPollMinutes) * u.poll,
    notifications: p.moves * p.intentsPerMove * u.notification,
  };
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  const noReads = matchCost({ ...p, pollsPerMove: 0 }).total;
  const floor = parts.visits + parts.moves + parts.pokeReads + parts.notifications;
  return { units: l, parts, total, noReads, ratio: total / noReads, floor, floorRatio: floor / noReads };
}

// ------------------------------------------------------------------ item sizes as DynamoDB bills them

/** A marshalled attribute value (the low-level client's shape), as far as sizing needs it. */
type Attr = {
  S?: string;
  N?: string;
  B?: Uint8Array;
  BOOL?: boolean;
  NULL?: boolean;
  L?: Attr[];
  M?: Record<string, Attr>;
  SS?: string[];
  NS?: string[];
};

/**
 * Bytes of an item by DynamoDB's published rules: names and strings as UTF-8, numbers one byte per two
 * significant digits plus one, binary as is, lists and maps 3 bytes plus one per element.
 */
export function itemBytes(item: Record<string, Attr>): number {
  let n = 0;
  for (const [name, v] of Object.entries(item)) n += Buffer.byteLength(name) + attrBytes(v);
  return n;
}

function attrBytes(v: Attr): number {
  if (v.S !== undefined) return Buffer.byteLength(v.S);
  if (v.N !== undefined) return numberBytes(v.N);
  if (v.B !== undefined) return v.B.length;
  if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
  if (v.L) return 3 + v.L.reduce((a, x) => a + 1 + attrBytes(x), 0);
  if (v.M) return 3 + Object.entries(v.M).reduce((a, [k, x]) => a + 1 + Buffer.byteLength(k) + attrBytes(x), 0);
  if (v.SS) return v.SS.reduce((a, s) => a + Buffer.byteLength(s), 0);
  if (v.NS) return v.NS.reduce((a, s) => a + numberBytes(s), 0);
  throw new Error(`unknown attribute type: ${Object.keys(v).join(',')}`);
}

function numberBytes(n: string): number {
  const digits = n.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}
