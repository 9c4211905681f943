/**
 * The single-table key design, shared by the DynamoDB adapter, the local runner and the CDK stack
 * so the three cannot drift apart. See README "Storage" for the picture.
 *
 *   pk = M#<matchId>   sk = MATCH                    the match: version, seat token hashes, state (JSON)
 *                      sk = LOG#<version:8>          one per accepted change, append-only; carries the
 *                                                    change's notification intents (the outbox) until delivered
 *                      sk = NOTIFY#<version:8>#<seat>[#<tag>] outbox rows of changes with no log record (timers)
 *                      sk = N#<seat>#PREFS / N#<seat>#PUSH#<id>  a seat's notification channels (functions/notify)
 *                      sk = SENT#<version:8>#<seat>#<tag>#<channel>  delivery dedupe records
 *                      sk = CKPT#<version:8>        the game state after that version, every REPLAY_CHECKPOINT_EVERY (replays)
 *                      sk = CHAT#<seq:8>            a table chat message (the match keeps chatCount)
 *                      sk = CHATSEEN#<seat>          how far a seat has read the chat, and when
 *                      sk = HELD#<seat>#<releaseAt>  notices held through a seat's quiet hours, sent merged at their end
 *   pk = EMAIL#<sha256> sk = EMAIL                   an email address: suppression, confirmation rate limit
 *                      sk = PROOF#<sha256>           a browser that confirmed the address: its address key's hash, TTL a year
 *   pk = NT#<sha256>   sk = NT                       a confirm / unsubscribe link secret (hash only)
 *   pk = P#<playerId>  sk = PLAYER                   a signed-in player's record (functions/players)
 *                      sk = SESSION#<sessionId>      a signed-in device: the secret's hash, TTL at its end
 *                      sk = SEAT#<matchId>#<seat>    a claimed seat, its token sealed (players/vault.ts)
 *                      sk = DIGEST#<yyyy-mm-dd>      the day's digest: claimed (lease) or sent, TTL after 35 days
 *                      sk = WAITING                  the matches waiting for their move: the most urgent few and a count (players/waiting.ts)
 *                      sk = PROFILE                  the player's name, its last change, "hide last seen", last seen (players/profiles.ts)
 *                      sk = STATS#<gameId>           the player's counters for a game: played, won, reliable (players/stats.ts)
 *                      sk = DONE#<endedAt:13>#<matchId>  a finished match on the player's page, TTL with the match (180 days)
 *                      sk = FOLLOW#<playerId>         a player this one follows (players/friends.ts), at most FOLLOWS_MAX
 *   pk = NAME#<nameKey> sk = NAME                    a player name (case folded) → its player: one holder per name
 *   pk = DIGEST#<0..63> sk = P#<playerId>            a player who chose the daily digest somewhere (the job's list)
 *   pk = WALK#digest   sk = LANE#<from>-<to>         where one digest worker's last run stopped on its shards of that list
 *   pk = WALK#due      sk = LANE#<from>-<to>         where one sweep worker's last run stopped on its shards of `due`
 *   pk = PADDR#<sha256> sk = PADDR                   an address → its player (one player per address)
 *                      sk = VOID                     a deleted record's address: links made before are void, TTL after their 15 min
 *   pk = OWN#<matchId>#<seat> sk = OWN               the one player whose record holds a claimed seat (and its notices)
 *   pk = SIGNIN#<sha256> sk = SIGNIN                 a sign-in link's secret (hash only), TTL after 15 min
 *   pk = RL#signin#<cap>#<subject> sk = W#<start>    hourly counters of sign-in mails (address, client)
 *   pk = LIVE#<matchId> sk = C#<connectionId>        a live-channel subscription (AWS only), TTL 30 min unless renewed
 *   pk = CONN#<connectionId> sk = CONN               a live connection: the matches it follows, TTL after API Gateway's 2 h
 *   pk = P#<playerId>  sk = RATING#<pool>            a player's rating in a pool (functions/ratings), versioned
 *   pk = M#<matchId>   sk = RATED                    the claim that the match was rated, with what it changed
 *   pk = LB#<pool>#<0..15> sk = R#<9999-rating:4>#<playerId>  an established rating's leaderboard line
 *   pk = LOBBY#<gameId>#<0..15> sk = W#<createdAt:13>#<matchId>  an open game in the lobby, longest waiting first (lobby-dynamo.ts)
 *   pk = HOST#<playerId> sk = LOBBY#<matchId>        an open game its host is hosting now (the cap on open games)
 *   pk = RL#lobby#<playerId> sk = W#<start>          the hourly counter of games a player opened
 *   pk = P#<playerId>  sk = CHIN#<matchId> / CHOUT#<matchId>  a pending challenge to / from the player (challenges-dynamo.ts), TTL at its end
 *   pk = RL#challenge#<playerId> sk = W#<start>      the daily counter of a player's challenges
 *   pk = P#<playerId>  sk = BLOCK#<other> / BLOCKEDBY#<other>  a block, both sides (safety-dynamo.ts)
 *                      sk = STANDING                 what the operator decided: hidden, suspended
 *   pk = REPORTS#<0..3> sk = R#<at:13>#<id>          a report for the operator, newest read first
 *   pk = MODLOG        sk = A#<at:13>#<id>           the operator's log: who did what to whom, and why
 *   pk = RL#report#<playerId> sk = W#<start>         the daily counter of a player's reports
 *
 * The sparse index `due` (TABLE.indexes) holds only items with a timer: active matches with a reminder
 * or deadline coming (dueAt = the next one) and undelivered outbox entries, log items with intents and
 * NOTIFY rows (dueAt = when to re-drive them), and HELD rows (dueAt = the end of the seat's quiet hours).
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes the item some time after it passes. */
  ttlAttribute: 'expiresAt',
  /** Global secondary indexes, as data: ensureTable (local) and the CDK stack both create them from this. */
  indexes: [
    {
      name: 'due',
      partitionKey: { name: 'dueShard', type: 'S' },
      sortKey: { name: 'dueAt', type: 'N' },
      projection: 'KEYS_ONLY',
    },
  ],
} as const;

/** The sweep's index: items with a timer (see above), spread over DUE_SHARDS hashed partition keys. */
export const DUE_INDEX = TABLE.indexes[0];
/**
 * Index write units a move costs on `due` (scripts/bench/due-index.ts: Dutch auction matches through the
 * API on DynamoDB Local, notices settled as the dispatcher does; docs/decisions/due-index.md): its log item
 * put while its notices are undelivered and removed once they are (0.32 + 0.32 a move there, 0.4 + 0.4 with
 * the model's 8 notices to 20 moves), and the match item re-keyed when its next timer moves (a delete and a
 * put; 0.53 a move before `withDue` kept an earlier timer, 0.01 since). DynamoDB Local reports 0.96 a move
 * (2.04 before), counting a rewrite of an item in the index even where its keys stay; 1.0 is the bound.
 */
export const DUE_UNITS_PER_MOVE = 1.0;
/** Index write units of one sweep visit that writes a reminder: the match re-keyed (2), the row in and out (2). */
export const DUE_UNITS_PER_VISIT = 4;
/** Sweep visits per daily player a day: ≈ 2 reminders or deadlines, ≈ 2 early looks (an earlier timer kept). */
export const DUE_VISITS_PER_PLAYER_DAY = 4;
/**
 * The `due` index's partition keys. The site's load model (per daily player 20 moves, 8 notices, 2 computer moves) at 10 M daily players, peak hour 5× the average:
 *   moves      10e6 × 20 / 86,400 × 5 = 11,574/s × 1.0 unit              = 11,574 WCU/s
 *   visits     10e6 × 4 / 86,400 × 5 = 2,315/s × 4 units                 =  9,259 WCU/s
 *   computers  10e6 × 2 moves / 86,400 × 5 = 1,157/s × 2 units (in, out) =  2,315 WCU/s
 *   together ≈ 23,150 WCU/s on the index. An index partition takes 1,000 WCU/s; we allow half, 500: at
 *   least 47 keys. Hashed match ids spread evenly (a shard of n matches is off by ~√n, nothing at
 *   millions), so the limit is the per-key one: 256 keys give 90 WCU/s each (18 % of the half) and room
 *   for 5× the model, at the cost of 256 small queries a sweep run. Keys are `DUE#<n>`: the four of
 *   before (DUE#0..3) are among them, so whatever sits there is swept like the rest until it moves on.
 */
export const DUE_SHARDS = 256;
/** Shards of the index before 2026-11-28: items written then carry DUE#0..3 until their next write. */
export const DUE_SHARDS_BEFORE = 4;
export const dueShard = (n: number) => `DUE#${n}`;
export function dueShardOf(matchId: string): string {
  return dueShard(shardOf(matchId, DUE_SHARDS));
}

function shardOf(id: string, shards: number): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return h % shards;
}

/** The shard number of an id, for tests that place items in every shard. */
export const dueShardNumberOf = (matchId: string) => shardOf(matchId, DUE_SHARDS);

/**
 * The daily digest's list of players, spread over DIGEST_SHARDS partitions so that parallel workers
 * each walk their own (functions/players/digest.ts has the arithmetic of workers and rate).
 */
export const DIGEST_SHARDS = 64;
export const digestShard = (n: number) => `DIGEST#${n}`;
/** Shards of the list before 2026-11-28 (DIGEST#0..3): members stay where they are, all within the 64. */
export const DIGEST_SHARDS_BEFORE = 4;
export const digestShardNumberOf = (playerId: string) => shardOf(playerId, DIGEST_SHARDS);

/** A contiguous range of shards one worker walks: [from, to) (functions/notify/reminders.ts `lanesOf`). */
export interface Lane {
  from: number;
  to: number;
}

/** Where a worker's last run stopped, one item per lane (the sweep's on `due`, the digest's on its list). */
export const walkKey = (job: 'due' | 'digest', lane: Lane) => ({ pk: `WALK#${job}`, sk: `LANE#${lane.from}-${lane.to}` });

/** The table's name when TABLE_NAME is not set (local runs). */
export const DEFAULT_TABLE = 'dutch';

export const keys = {
  match: (id: string) => ({ pk: `M#${id}`, sk: 'MATCH' }),
  log: (id: string, version: number) => ({ pk: `M#${id}`, sk: `LOG#${pad(version)}` }),
  /** The game state after a logged version, for replays (functions/matches/replay.ts). */
  checkpoint: (id: string, version: number) => ({ pk: `M#${id}`, sk: `CKPT#${pad(version)}` }),
  /** A table chat message (functions/storage/chat-dynamo.ts). */
  chat: (id: string, seq: number) => ({ pk: `M#${id}`, sk: `CHAT#${pad(seq)}` }),
  /** How far a seat has read the chat, and when. */
  chatSeen: (id: string, seat: number) => ({ pk: `M#${id}`, sk: `CHATSEEN#${seat}` }),
  /** An outbox row; rows the sweep writes carry a tag, so several may share a version. */
  intent: (id: string, version: number, seat: number, tag?: string) => ({
    pk: `M#${id}`,
    sk: `NOTIFY#${pad(version)}#${seat}${tag ? `#${tag}` : ''}`,
  }),
  /** A seat's notices held through its quiet hours until `releaseAt` (functions/notify/quiet.ts). */
  held: (id: string, seat: number, releaseAt: number) => ({ pk: `M#${id}`, sk: `HELD#${seat}#${releaseAt}` }),
};

/** The player side's items (functions/storage/players-dynamo.ts); "my matches" is one Query of `P#<id>`. */
export const playerKeys = {
  player: (id: string) => ({ pk: `P#${id}`, sk: 'PLAYER' }),
  session: (playerId: string, id: string) => ({ pk: `P#${playerId}`, sk: `SESSION#${id}` }),
  sessionPrefix: 'SESSION#',
  seat: (playerId: string, matchId: string, seat: number) => ({ pk: `P#${playerId}`, sk: `SEAT#${matchId}#${seat}` }),
  seatPrefix: 'SEAT#',
  /** The player's waiting board: "next match waiting" in one read (functions/players/waiting.ts). */
  waiting: (playerId: string) => ({ pk: `P#${playerId}`, sk: 'WAITING' }),
  address: (addressKey: string) => ({ pk: `PADDR#${addressKey}`, sk: 'PADDR' }),
  /** Left by a deletion: the sign-in links of that address made before it are void. */
  addressVoid: (addressKey: string) => ({ pk: `PADDR#${addressKey}`, sk: 'VOID' }),
  link: (hash: string) => ({ pk: `SIGNIN#${hash}`, sk: 'SIGNIN' }),
  /** Who owns a claimed seat: one player per seat, so a seat's notices have one owner. */
  seatOwner: (matchId: string, seat: number) => ({ pk: `OWN#${matchId}#${seat}`, sk: 'OWN' }),
  /** The daily digest's list of players, in DIGEST_SHARDS partitions. */
  digestMember: (playerId: string) => ({ pk: digestShard(shardOf(playerId, DIGEST_SHARDS)), sk: `P#${playerId}` }),
  /** Where a player joined the list before it had 64 shards (DIGEST#0..3): withdrawing deletes both. */
  digestMemberBefore: (playerId: string) => ({ pk: digestShard(shardOf(playerId, DIGEST_SHARDS_BEFORE)), sk: `P#${playerId}` }),
  /** One per player and UTC day (yyyy-mm-dd): the exactly-once marker of that day's digest. */
  digestDay: (playerId: string, day: string) => ({ pk: `P#${playerId}`, sk: `DIGEST#${day}` }),
  signInCounter: (cap: string, subject: string, windowStart: number) => ({ pk: `RL#signin#${cap}#${subject}`, sk: `W#${windowStart}` }),
  /** The player's vacation bank: balance, when last refilled, the last days' spend keys (functions/matches/vacation.ts). */
  vacation: (playerId: string) => ({ pk: `P#${playerId}`, sk: 'VACATION' }),
  /** What others see of the player: name and presence (functions/players/profiles.ts). */
  profile: (playerId: string) => ({ pk: `P#${playerId}`, sk: 'PROFILE' }),
  /** A player name's one holder, by its case-folded key (functions/players/names.ts `nameKey`). */
  name: (nameKey: string) => ({ pk: `NAME#${nameKey}`, sk: 'NAME' }),
  /** The player's counters for one game. */
  gameCounters: (playerId: string, gameId: string) => ({ pk: `P#${playerId}`, sk: `STATS#${gameId}` }),
  gameCountersPrefix: 'STATS#',
  /** A finished match of the player's, in the order they ended (the key is fixed by the match: counted once). */
  finished: (playerId: string, endedAt: number, matchId: string) => ({
    pk: `P#${playerId}`,
    sk: `DONE#${String(endedAt).padStart(13, '0')}#${matchId}`,
  }),
  finishedFrom: (endedAt: number) => `DONE#${String(endedAt).padStart(13, '0')}`,
  finishedPrefix: 'DONE#',
  /** A player this one follows (functions/players/friends.ts): the friends list is one Query of the prefix. */
  follow: (playerId: string, followedId: string) => ({ pk: `P#${playerId}`, sk: `FOLLOW#${followedId}` }),
  followPrefix: 'FOLLOW#',
};

/**
 * The leaderboards (functions/ratings): one line per established rating, spread over LEADERBOARD_SHARDS
 * partitions per pool by the player's id; the top 100 reads every shard's first 100 and merges them.
 * At 10 M daily players with 0.5 rated results a player a day, all in one pool, peak 5×:
 * 10e6 × 0.5 × 5 / 86,400 = 289 lines moved/s, each a delete and a put in a transaction (2 units each):
 * 1,157 WCU/s, 72 a shard (14 % of the half). Reads: each board view reads ten lines either side of the viewer
 * from every shard; the top 100 is kept per instance for 30 s (functions/ratings/service.ts). infra/capacity.ts
 * holds the rows.
 */
export const LEADERBOARD_SHARDS = 16;
/** Ratings are shown as whole numbers within this bound (a leaderboard key sorts them highest first). */
export const RATING_KEY_MAX = 9999;
export const ratingKeys = {
  rating: (playerId: string, pool: string) => ({ pk: `P#${playerId}`, sk: `RATING#${pool}` }),
  rated: (matchId: string) => ({ pk: `M#${matchId}`, sk: 'RATED' }),
  boardShard: (pool: string, shard: number) => `LB#${pool}#${shard}`,
  boardSort: (rating: number) => `R#${String(RATING_KEY_MAX - Math.max(0, Math.min(RATING_KEY_MAX, rating))).padStart(4, '0')}#`,
  boardLine: (pool: string, playerId: string, rating: number) => ({
    pk: `LB#${pool}#${shardOf(playerId, LEADERBOARD_SHARDS)}`,
    sk: `${ratingKeys.boardSort(rating)}${playerId}`,
  }),
};

/** The live channel's items on AWS (functions/storage/live-dynamo.ts); a poke is one Query of `LIVE#<match>`. */
export const liveKeys = {
  subscription: (matchId: string, connectionId: string) => ({ pk: `LIVE#${matchId}`, sk: `C#${connectionId}` }),
  subscriptionPrefix: 'C#',
  connection: (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'CONN' }),
};

/**
 * The lobby's partitions per game. At 10 M daily players (infra/capacity.ts, "LOBBY#"): every listing and quick
 * match reads one page of each shard, so each shard's reads do not shrink with more shards (0.5 unit a page of
 * LOBBY_PAGE_PER_SHARD, ~1,160 read units/s a shard at the peak: 39 % of a partition's); the writes (opened, a
 * seat taken, gone, each in a transaction: ~1,740 write units/s at the peak if every game were one game's) do,
 * and 16 shards keep each at 11 % of a partition's.
 */
export const LOBBY_SHARDS = 16;

/** The lobby's items (functions/storage/lobby-dynamo.ts). */
export const lobbyKeys = {
  entry: (gameId: string, matchId: string, createdAt: number) => ({
    pk: lobbyShard(gameId, shardOf(matchId, LOBBY_SHARDS)),
    sk: `W#${String(createdAt).padStart(13, '0')}#${matchId}`,
  }),
  shard: (gameId: string, n: number) => lobbyShard(gameId, n),
  hosted: (playerId: string, matchId: string) => ({ pk: `HOST#${playerId}`, sk: `LOBBY#${matchId}` }),
  hostPartition: (playerId: string) => `HOST#${playerId}`,
  openings: (playerId: string, windowStart: number) => ({ pk: `RL#lobby#${playerId}`, sk: `W#${windowStart}` }),
};
const lobbyShard = (gameId: string, n: number) => `LOBBY#${gameId}#${n}`;

/** Challenges by name (functions/storage/challenges-dynamo.ts): each side's list is one Query of its prefix. */
export const challengeKeys = {
  incoming: (to: string, matchId: string) => ({ pk: `P#${to}`, sk: `CHIN#${matchId}` }),
  outgoing: (from: string, matchId: string) => ({ pk: `P#${from}`, sk: `CHOUT#${matchId}` }),
  incomingPrefix: 'CHIN#',
  outgoingPrefix: 'CHOUT#',
  day: (playerId: string, windowStart: number) => ({ pk: `RL#challenge#${playerId}`, sk: `W#${windowStart}` }),
};

/**
 * Reports spread over REPORT_SHARDS partitions by id, each read newest first and merged. Even at one report per
 * 100 daily players a day (10 M players, peak 5×: 58 writes/s) each shard takes ~15 write units/s, 3 % of the half.
 */
export const REPORT_SHARDS = 4;

/** Blocks, reports, standings and the operator's log (functions/storage/safety-dynamo.ts). */
export const safetyKeys = {
  block: (blocker: string, blocked: string) => ({ pk: `P#${blocker}`, sk: `BLOCK#${blocked}` }),
  blockedBy: (blocked: string, blocker: string) => ({ pk: `P#${blocked}`, sk: `BLOCKEDBY#${blocker}` }),
  /** Both `BLOCK#` and `BLOCKEDBY#` begin with it: one Query reads both sides. */
  blocksPrefix: 'BLOCK',
  standing: (playerId: string) => ({ pk: `P#${playerId}`, sk: 'STANDING' }),
  reportShard: (n: number) => `REPORTS#${n}`,
  report: (id: string, at: number) => ({ pk: `REPORTS#${shardOf(id, REPORT_SHARDS)}`, sk: `R#${String(at).padStart(13, '0')}#${id}` }),
  action: (id: string, at: number) => ({ pk: 'MODLOG', sk: `A#${String(at).padStart(13, '0')}#${id}` }),
  reportCounter: (playerId: string, windowStart: number) => ({ pk: `RL#report#${playerId}`, sk: `W#${windowStart}` }),
};

export const pad = (n: number) => String(n).padStart(8, '0');

/** Finished matches (and their logs) are kept this long after they end, then expire. */
export const FINISHED_RETENTION_SECONDS = 180 * 24 * 3600;
/** A match nobody has touched for this long is abandoned and expires; every write pushes it back. */
export const IDLE_RETENTION_SECONDS = 365 * 24 * 3600;
/** An invitation that never filled its seats expires after this long. */
export const OPEN_RETENTION_SECONDS = 30 * 24 * 3600;

/** When a match written at `nowMs` expires: sooner once over, later while in play or waiting. */
export function expiryOf(status: 'open' | 'active' | 'over', nowMs: number): number {
  const seconds = { open: OPEN_RETENTION_SECONDS, active: IDLE_RETENTION_SECONDS, over: FINISHED_RETENTION_SECONDS }[status];
  return Math.floor(nowMs / 1000) + seconds;
}
