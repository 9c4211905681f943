/**
 * Secrets handed to players: seat tokens, invites, spectator links. 256 random bits each,
 * base64url. Only their SHA-256 is stored, so a leaked table holds nothing that opens a seat.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newSecret = (): string => randomBytes(32).toString('base64url');
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
/** 128-bit seed for a game's PRNG, from the server's CSPRNG; never from a client. */
export const newSeed = (): string => randomBytes(16).toString('hex');
export const newMatchId = (): string => randomBytes(9).toString('base64url');

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string | null | undefined, b: string): boolean {
  if (!a || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/**
 * A secret derived from another one (HMAC-SHA256, same shape as `newSecret`). Used where a retried
 * request must hand out the same secret again without the server storing it: the rematch seat from the
 * old seat token, links from the caller's token and Idempotency-Key, a join from the invite and key.
 * Only whoever holds `from` can compute it, and they could have asked for it anyway.
 */
export const derivedSecret = (from: string, label: string): string => createHmac('sha256', from).update(label).digest('base64url');
/** A match id derived the same way (a create retried with its Idempotency-Key finds its match). */
export const derivedMatchId = (from: string, label: string): string =>
  createHmac('sha256', from).update(label).digest().subarray(0, 9).toString('base64url');

/** JSON with every object's keys sorted: equal values give equal text, however the client ordered or spaced them. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** What an Idempotency-Key is checked against: the parsed request, not its bytes. */
export const requestHash = (value: unknown): string => sha256(canonicalJson(value)).slice(0, 32);
