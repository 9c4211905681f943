/**
 * The capacity model (issue 27): what ten million daily players ask of DynamoDB, Lambda, API Gateway and SES
 * at the peak hour, read from the key design (functions/storage/table.ts), the measured item sizes
 * (infra/cost.ts profiles, measured by `npm run bench -- infra` and `-- capacity`) and the stack's settings.
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
import { DIGEST_SHARDS, DUE_SHARDS } from '../functions/storage/table.js';
import { MAX_SEATS } from '../functions/players/model.js';
import { MAX_SUBSCRIPTIONS } from '../functions/live/protocol.js';
import {
  API_GB,
  BOT_GB,
  BOT_SECONDS,
  DISPATCHER_GB,
  DUTCH_AUCTION,
  GOLDEN_AGE,
  LIVE_GB,
  LIVE_PAGE,
  LIVE_SECONDS,
  type MatchProfile,
  PRICES,
  rru,
  SECONDS,
} from './cost.js';
import { FUNCTIONS } from './functions.js';

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

/** The peak hour carries this many times the day's average hour. */
export const PEAK_FACTOR = 5;
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
    note: 'requests/s per account and Region across HTTP, REST and WebSocket APIs (burst 5,000), raisable',
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

// ------------------------------------------------------------------ assumptions, each standing for code

/**
 * Figures the model needs that no constant in the code holds yet. Each names the code it stands for; when that
 * code gets a constant, import it here instead.
 */
export const ASSUMED = {
  /**
   * `due` index write units per move (functions/storage/dynamo.ts, the move transaction: the match's entry
   * moved, a delete and a put when its next reminder changes; the log item's entry while its notices wait).
   * Issue 27 read ~1.6 from the code.
   */
  dueWruPerMove: 1.6,
  /** A delivered notice takes its entry out of the index (functions/notify/: settle). */
  dueWruPerNotice: 1,
  /** Items the sweep finds due per player a day (reminders, deadlines, re-driven outbox rows: functions/notify/reminders.ts). */
  sweepItemsPerDay: 2,
  /** Billed seconds of the sweep per item (a Query page's share, the match read, the outbox write). */
  sweepSecondsPerItem: 0.03,
  /** Bytes of one `due` index entry (KEYS_ONLY: pk, sk, dueShard, dueAt) as a Query reads it. */
  dueEntryBytes: 80,
  /**
   * A return visit today queries the whole log and replays the match (functions/matches/replay.ts): the read
   * units are the log up to that point, on average half the match's. `null` = the whole log; a number caps it
   * (issue 27: ≤ 30 units once replay reads from checkpoints).
   */
  returnVisitMaxRru: null as number | null,
  /** Seats a signed-in player holds on average: `/me/next` reads one match per claimed seat (functions/players/seats.ts `held`). */
  claimedSeats: 10,
  /** Players who chose the daily digest (functions/lambda/digest.ts walks their list hourly). */
  digestShare: 0.2,
  /** Bytes of one digest list entry (`DIGEST#<n>` / `P#<id>`). */
  digestEntryBytes: 60,
  /** A digest run reads its list within this many seconds (the digest function's timeout, infra/functions.ts). */
  digestListSeconds: FUNCTIONS.digest.timeoutSeconds,
  /** Billed seconds per digest mail (the player, their seats, the day's marker, one SES call). */
  digestSecondsPerPlayer: 0.1,
  /** The busiest match: moves per second at a live table, and the pages that follow it (seats and spectators). */
  hotMatch: { movesPerSecond: 1, pages: 4 + 20, chatPerSecond: 0.2, returnVisitsPerSecond: 0.2 },
  /** The busiest signed-in player: page views per second (each reads their seats for `/me/next`). */
  hotPlayerViewsPerSecond: 0.5,
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
  /** Bytes out of a `/me/next` answer and a return visit's answer. */
  nextBytesOut: 1_500,
} as const;

// ------------------------------------------------------------------ mixes: which game's items

/** A match kind as the cost and capacity models see it: its measured profile and what a return visit costs. */
export interface Mix {
  name: string;
  profile: MatchProfile;
  /** Moves in a whole match (a return visit reads on average half of its log). */
  movesPerMatch: number;
  /** Bytes of one log record as stored. */
  logRecordBytes: number;
  /** Billed seconds of a return visit's replay (issue 27: ~0.35 s for a Golden Age match near its end). */
  returnVisitSeconds: number;
  /** Design changes to price before they are built (CUTS); none = the code as it is. */
  cuts?: Cuts;
}

/** Design changes of issue 27, as the model prices them (`withCuts`). */
export interface Cuts {
  /** A return visit reads at most this many units (checkpoints or per-seat snapshots). */
  returnVisitMaxRru?: number;
  /** Polls, reads after a poke, first reads and `/me/next` read eventually consistent (half the units). */
  eventualReads?: boolean;
  /** `/me/next` reads one per-player item instead of one match per claimed seat. */
  nextOneRead?: boolean;
  /** `due` index write units per move. */
  dueWruPerMove?: number;
  /** Polls per player a day (the live channel as the main signal). */
  polls?: number;
}

/** The changes issue 27 names, one at a time in this order (each on top of the ones before). */
export const CUTS: { name: string; cuts: Cuts }[] = [
  { name: 'return visits read ≤ 30 units', cuts: { returnVisitMaxRru: 30 } },
  { name: '/me/next is one read', cuts: { nextOneRead: true } },
  { name: 'eventually consistent reads (polls, reads after a poke, first reads, /me/next)', cuts: { eventualReads: true } },
  { name: 'one due-index write per move', cuts: { dueWruPerMove: 1 } },
  { name: 'half the polls (the live channel as the signal)', cuts: { polls: TRAFFIC.polls / 2 } },
];

export const withCuts = (mix: Mix, cuts: Cuts): Mix => ({ ...mix, cuts: { ...mix.cuts, ...cuts } });

/** The 2-seat Dutch auction (infra/cost.ts DUTCH_AUCTION; log record 1.1 KB measured by `npm run bench -- infra`). */
export const AUCTION_MIX: Mix = {
  name: 'Dutch auction',
  profile: DUTCH_AUCTION,
  movesPerMatch: DUTCH_AUCTION.moves,
  logRecordBytes: 1_130,
  returnVisitSeconds: 0.05,
};

/**
 * A 4-seat Golden Age match (infra/cost.ts GOLDEN_AGE), measured by `npm run bench -- capacity` as the infra
 * bench measures the auction; `goldenAgeMix` makes the mix of a fresh measurement.
 */
export function goldenAgeMix(profile: MatchProfile = GOLDEN_AGE, logRecordBytes = 3_000): Mix {
  return { name: 'Golden Age', profile, movesPerMatch: profile.moves, logRecordBytes, returnVisitSeconds: 0.35 };
}
export const GOLDEN_AGE_MIX = goldenAgeMix();
export const MIXES = [AUCTION_MIX, GOLDEN_AGE_MIX] as const;

// ------------------------------------------------------------------ the work of each activity

/** What one unit of an activity uses, in billable units. */
export interface Work {
  /** HTTP API requests (each through CloudFront and one Lambda invocation of the API). */
  apiRequests: number;
  /** CloudFront requests that are not API requests (pages) and S3 GETs behind them. */
  pageRequests: number;
  bytesOut: number;
  /** Lambda invocations and GB-seconds, by function. */
  invocations: Partial<Record<keyof typeof FUNCTIONS, number>>;
  gbSeconds: Partial<Record<keyof typeof FUNCTIONS, number>>;
  /** DynamoDB read units (strongly consistent = 1 per 4 KB) and write units, table and `due` index apart. */
  rru: number;
  wru: number;
  dueWru: number;
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
    webSocketMessages: a.webSocketMessages + b.webSocketMessages * times,
    webSocketMinutes: a.webSocketMinutes + b.webSocketMinutes * times,
    webSocketConnections: a.webSocketConnections + b.webSocketConnections * times,
    mails: a.mails + b.mails * times,
  };
}

const api = (seconds: number, bytesOut: number, rruUnits: number, extra: Partial<Work> = {}) =>
  work({ apiRequests: 1, bytesOut, invocations: { api: 1 }, gbSeconds: { api: API_GB * seconds }, rru: rruUnits, ...extra });

/** Read units of a return visit: the match and the log up to the average point of a match (or the cap). */
export function returnVisitRru(mix: Mix): number {
  const whole = rru(mix.profile.matchItem) + rru((mix.movesPerMatch / 2) * mix.logRecordBytes);
  const cap = mix.cuts?.returnVisitMaxRru ?? ASSUMED.returnVisitMaxRru;
  return cap === null ? whole : Math.min(whole, cap);
}

const dueWruPerMove = (mix: Mix) => mix.cuts?.dueWruPerMove ?? ASSUMED.dueWruPerMove;

/** One unit of each activity of TRAFFIC, for a mix (the pokes and the due index as parts of the activities that cause them). */
export function unitWork(mix: Mix) {
  const p = mix.profile;
  const consistency = mix.cuts?.eventualReads ? 0.5 : 1;
  const head = rru(p.matchItem);
  const firstRead = consistency * (head + rru(p.logPageBytes));
  const due = dueWruPerMove(mix);
  const tableMoveWru = p.moveWru - ASSUMED.dueWruPerMove;
  const claims = ASSUMED.claimedSeats;
  /** `/me/next`: the player's seat claims (one Query), then each claimed seat's match; or one item. */
  const nextRru = mix.cuts?.nextOneRead ? 1 : rru(claims * ASSUMED.seatClaimBytes) + claims * head;
  const next = api(SECONDS.poll, ASSUMED.nextBytesOut, consistency * nextRru);
  const cold = work({ gbSeconds: { api: p.coldShare * API_GB * SECONDS.init } });
  /** A match item written: the stream pokes its subscribers (one Query, eventually consistent, and a message per open page). */
  const poke = work({
    invocations: { livePoke: 1 },
    gbSeconds: { livePoke: LIVE_GB * LIVE_SECONDS.poke },
    rru: 0.5,
    webSocketMessages: ASSUMED.pokedPagesPerWrite,
  });
  const subscribe = work({
    webSocketMessages: 2,
    invocations: { liveSocket: 1 },
    gbSeconds: { liveSocket: LIVE_GB * LIVE_SECONDS.message },
    rru: head,
    wru: 2 * ASSUMED.liveItemWru,
  });
  return {
    move: add(add(api(SECONDS.move, p.moveBytesOut, head, { wru: tableMoveWru, dueWru: due }), cold, 1), poke),
    visit: add(add(add(work({ pageRequests: 2 }), api(SECONDS.read, p.readBytesOut, firstRead)), next), cold),
    /** A poll that finds a change (after a poke): the head, then the match and a page of log. */
    readAfterPoke: api(SECONDS.read, p.readBytesOut, consistency * head + firstRead),
    returnVisit: add(add(add(work({ pageRequests: 2 }), api(mix.returnVisitSeconds, p.readBytesOut, returnVisitRru(mix))), next), cold),
    poll: api(SECONDS.poll, 400, consistency * head),
    notice: work({
      invocations: { dispatcher: 1 },
      gbSeconds: { dispatcher: DISPATCHER_GB * SECONDS.notification },
      rru: 1 + head + 1,
      wru: 3,
      dueWru: ASSUMED.dueWruPerNotice,
      mails: TRAFFIC.mailShare,
    }),
    computerMove: add(
      work({
        invocations: { bots: 2 },
        gbSeconds: { bots: BOT_GB * (BOT_SECONDS.strong + BOT_SECONDS.wake + p.coldShare * BOT_SECONDS.init) },
        rru: 2 * head,
        wru: tableMoveWru,
        dueWru: due,
      }),
      poke,
    ),
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
    requests:
      w.apiRequests * (PRICES.cloudFrontRequest + PRICES.httpApiRequest) + w.pageRequests * (PRICES.cloudFrontRequest + PRICES.s3Get),
    transfer: (w.bytesOut / 1e9) * PRICES.cloudFrontPerGB,
    lambda: invokes * PRICES.lambdaRequest + gbs * PRICES.lambdaGbSecondArm,
    reads: w.rru * PRICES.dynamoRru,
    writes: (w.wru + w.dueWru) * PRICES.dynamoWru,
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
    rate(TRAFFIC.moves) * u.move.dueWru + rate(TRAFFIC.computerMoves) * u.computerMove.dueWru + rate(TRAFFIC.notices) * u.notice.dueWru;
  // The sweep reads what falls due (index reads are eventually consistent: half a unit per 4 KB).
  const dueReads = (rate(ASSUMED.sweepItemsPerDay + TRAFFIC.notices) * ASSUMED.dueEntryBytes) / 4096 / 2;
  const digestMembers = dau * ASSUMED.digestShare;
  const digestReads = ((digestMembers / DIGEST_SHARDS) * (ASSUMED.digestEntryBytes / 4096)) / ASSUMED.digestListSeconds;
  const signInWrites = 2 * ASSUMED.signInPerAddressPerSecond * ASSUMED.addressesPerNetwork;
  return [
    {
      key: 'M#<match> (match, LOG#, CHAT#, NOTIFY#, SENT#, N#…)',
      what: `the busiest match: ${hot.movesPerSecond} move/s, ${hot.pages} pages reading each change, ${hot.returnVisitsPerSecond} return visits/s`,
      wcu: hot.movesPerSecond * (p.moveWru - ASSUMED.dueWruPerMove) + hot.chatPerSecond * 2 * 2,
      rcu:
        hot.movesPerSecond * hot.pages * u.readAfterPoke.rru +
        hot.movesPerSecond * hot.pages * head +
        hot.returnVisitsPerSecond * returnVisitRru(mix),
      scales: false,
    },
    {
      key: `due index DUE#<0..${DUE_SHARDS - 1}>`,
      what: `every move's, computer move's and notice's index entries over ${DUE_SHARDS} shards; the sweep's Queries`,
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
      key: 'P#<player> (PLAYER, SESSION#, SEAT#, DIGEST#day)',
      what: `the busiest signed-in player: ${MAX_SEATS} seats queried by /me/next on ${ASSUMED.hotPlayerViewsPerSecond} page views/s`,
      wcu: 0.1,
      rcu: ASSUMED.hotPlayerViewsPerSecond * rru(MAX_SEATS * ASSUMED.seatClaimBytes),
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

/** A row's share of the partition limits (the larger of write and read). */
export const partitionShare = (r: PartitionRow) => Math.max(r.wcu / LIMITS.partitionWrite.value, r.rcu / LIMITS.partitionRead.value);

// ------------------------------------------------------------------ Lambda, API Gateway, SES, the table

/** The stack's caps, read from infra/stack.ts by infra/capacity-limits.ts (null: no cap of its own). */
export interface StackLimits {
  reservedConcurrency: Partial<Record<keyof typeof FUNCTIONS, number | null>>;
  httpApiRate: number | null;
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

/** Peak Lambda concurrency (invocations/s × billed seconds) of each function at `dau`. */
export function lambdaConcurrency(mix: Mix, dau: number): Record<keyof typeof FUNCTIONS, number> {
  const day = dailyWork(mix).total;
  const gb = (f: keyof typeof FUNCTIONS) => FUNCTIONS[f].memoryMb / 1024;
  const busy = (f: keyof typeof FUNCTIONS) => (peakRate(day.gbSeconds[f] ?? 0, dau) / gb(f)) as number;
  return {
    api: busy('api'),
    streamReader: busy('streamReader'),
    dispatcher: busy('dispatcher'),
    bots: busy('bots'),
    liveSocket: busy('liveSocket'),
    livePoke: busy('livePoke'),
    sweep: peakRate(ASSUMED.sweepItemsPerDay, dau) * ASSUMED.sweepSecondsPerItem,
    // The digest spreads its list over the hour it is due in (issue 27: everyone's digest within the hour).
    digest: ((dau * ASSUMED.digestShare) / 3600) * ASSUMED.digestSecondsPerPlayer,
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
      what: 'HTTP API requests',
      at10M: big.http,
      at1M: small.http,
      stackCap: stack.httpApiRate,
      quota: L.apiRequests.value,
      quotaPage: L.apiRequests.page,
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
      what: 'API Gateway, HTTP and WebSocket together',
      at10M: big.http + big.wsMessages,
      at1M: small.http + small.wsMessages,
      stackCap: null,
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
