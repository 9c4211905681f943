/**
 * Secrets handed to players: seat tokens, invites, spectator links. 256 random bits each,
 * base64url. Only their SHA-256 is stored, so a leaked table holds nothing that opens a seat.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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
