/**
 * The single-table key design, shared by the DynamoDB adapter, the local runner and the CDK stack
 * so the three cannot drift apart. See README "Storage" for the picture.
 *
 *   pk = M#<matchId>   sk = MATCH                    the match: version, seat token hashes, state (JSON)
 *                      sk = LOG#<version:8>          one per accepted change, append-only
 *                      sk = IDEM#<seat>#<key>        a stored response per Idempotency-Key (expires)
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
  idempotency: (id: string, seat: number, key: string) => ({ pk: `M#${id}`, sk: `IDEM#${seat}#${key}` }),
  intent: (id: string, version: number, seat: number) => ({ pk: `M#${id}`, sk: `NOTIFY#${pad(version)}#${seat}` }),
};

export const pad = (n: number) => String(n).padStart(8, '0');

/** Idempotency records are kept a day: long enough for any client retry. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** Finished matches (and their logs) are kept this long after they end, then expire. */
export const FINISHED_RETENTION_SECONDS = 180 * 24 * 3600;
