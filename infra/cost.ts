/**
 * The AWS cost of one match, on paper: list prices (us-east-1, on demand, no free tier, no savings plan)
 * times what each request does, with item sizes measured on DynamoDB Local. infra/README.md explains the
 * assumptions; `npm run bench` prints the figures with the other infra numbers.
 */

/** USD, us-east-1 list prices as published in 2025. */
export const PRICES = {
  cloudFrontRequest: 0.01 / 10_000, // HTTPS requests, North America / Europe
  cloudFrontPerGB: 0.085, // data transfer out, first 10 TB
  s3Get: 0.0004 / 1000, // GET (CloudFront revalidating a no-cache page)
  httpApiRequest: 1.0 / 1_000_000, // HTTP API, first 300 million
  lambdaRequest: 0.2 / 1_000_000,
  lambdaGbSecondArm: 0.0000133334, // arm64, first 7.5 billion GB-s; the init phase is billed too
  dynamoWru: 0.625 / 1_000_000, // on demand
  dynamoRru: 0.125 / 1_000_000,
  sesPerMail: 0.1 / 1000,
} as const;

export interface MatchAssumptions {
  moves: number;
  /** 304 polls per move (all seats together). */
  pollsPerMove: number;
  /** Notifications per move (the service writes at most one per other seat and version). */
  notificationsPerMove: number;
  /** Share of visits that meet a cold API container (init billed). */
  coldShare: number;
  /** Bytes, measured: the match item, an average log item, an outbox row. */
  matchItem: number;
  logItem: number;
  intentItem: number;
  /** Log records a full read fetches (LOG_PAGE in functions/matches/service.ts). */
  logPage: number;
}

/** A 2-seat Dutch auction match (item sizes measured from a played match on DynamoDB Local). */
export const DUTCH_AUCTION: MatchAssumptions = {
  moves: 100,
  pollsPerMove: 10,
  notificationsPerMove: 0.5,
  coldShare: 0.25,
  matchItem: 3500,
  logItem: 3500,
  intentItem: 400,
  logPage: 30,
};

const API_GB = 0.5;
const DISPATCHER_GB = 0.25;
const rru = (bytes: number) => Math.max(1, Math.ceil(bytes / 4096)); // strongly consistent reads
const wru = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
const edge = (bytesOut: number) => PRICES.cloudFrontRequest + PRICES.httpApiRequest + PRICES.lambdaRequest + (bytesOut / 1e9) * PRICES.cloudFrontPerGB;
const lambda = (gb: number, seconds: number) => gb * seconds * PRICES.lambdaGbSecondArm;

/** USD per unit of work. */
export function unitCosts(a: MatchAssumptions) {
  const logReadBytes = a.logPage * a.logItem;
  return {
    /** An unchanged match: the head projection (billed by the item's size), 304. */
    poll: edge(400) + lambda(API_GB, 0.015) + rru(a.matchItem) * PRICES.dynamoRru,
    /** The page's first read: head, the match, the recent log; JSON compressed by CloudFront to ~1/3. */
    read: edge(4000) + lambda(API_GB, 0.06) + (2 * rru(a.matchItem) + rru(logReadBytes)) * PRICES.dynamoRru,
    /**
     * An accepted move: the match read, then one transaction (transactional writes cost double): match,
     * log, outbox rows; plus the `due` index entry moving (delete + insert, keys only).
     */
    move:
      edge(3000) +
      lambda(API_GB, 0.08) +
      rru(a.matchItem) * PRICES.dynamoRru +
      (2 * (wru(a.matchItem) + wru(a.logItem) + a.notificationsPerMove * wru(a.intentItem)) + 2) * PRICES.dynamoWru,
    /** index.html and sw.js revalidated through CloudFront (hashed bundles stay in the browser cache). */
    pageLoad: 2 * (PRICES.cloudFrontRequest + PRICES.s3Get),
    /** One outbox row on the stream: dispatcher invocation, prefs + match + log reads, claim/settle/delete. */
    notification:
      PRICES.lambdaRequest + lambda(DISPATCHER_GB, 0.15) + (1 + rru(a.matchItem) + rru(a.logItem)) * PRICES.dynamoRru + 3 * PRICES.dynamoWru,
    /** API container init (billed since August 2025), ~0.8 s at 512 MB. */
    coldStart: lambda(API_GB, 0.8),
    email: PRICES.sesPerMail,
  };
}

/** USD for the whole match, email excluded (push costs nothing beyond the dispatcher). */
export function matchCost(a: MatchAssumptions = DUTCH_AUCTION) {
  const u = unitCosts(a);
  const perVisit = u.pageLoad + u.read + u.move + a.coldShare * u.coldStart;
  const parts = {
    visits: a.moves * perVisit,
    polls: a.moves * a.pollsPerMove * u.poll,
    notifications: a.moves * a.notificationsPerMove * u.notification,
  };
  const total = parts.visits + parts.polls + parts.notifications;
  return { units: u, parts, total, emailIfAllByMail: a.moves * a.notificationsPerMove * u.email };
}
