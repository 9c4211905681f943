/**
 * The single-table key design, shared by the DynamoDB adapter, the local runner and the CDK stack
 * so the three cannot drift apart. See README "Storage" for the picture.
 *
 *   pk = M#<matchId>   sk = MATCH                    the match: version, seat token hashes, state (JSON)
 *                      sk = LOG#<version:8>          one per accepted change, append-only
 *                      sk = NOTIFY#<version:8>#<seat> notification intents: the outbox
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes the item some time after it passes. */
  ttlAttribute: 'expiresAt',
} as const;

export const keys = {
  match: (id: string) => ({ pk: `M#${id}`, sk: 'MATCH' }),
  log: (id: string, version: number) => ({ pk: `M#${id}`, sk: `LOG#${pad(version)}` }),
  intent: (id: string, version: number, seat: number) => ({ pk: `M#${id}`, sk: `NOTIFY#${pad(version)}#${seat}` }),
};

export const pad = (n: number) => String(n).padStart(8, '0');

/**
 * Idempotency-Keys are honoured for a day, for the last few moves of each seat: a client retries
 * its latest requests, and an older key that has been forgotten cannot apply twice anyway (the
 * version has moved on, so it is refused as stale; a sealed move is refused by the rules as already made).
 */
export const RECENT_KEYS_MS = 24 * 3600 * 1000;
export const RECENT_KEYS_PER_SEAT = 4;
/** Finished matches (and their logs) are kept this long after they end, then expire. */
export const FINISHED_RETENTION_SECONDS = 180 * 24 * 3600;
