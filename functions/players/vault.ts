/**
 * Seat tokens kept for a player, sealed: AES-256-GCM under a server key that is not in the table,
 * bound to (player, match, seat) as associated data. A leaked table opens no seat, a sealed token
 * moved to another player's record does not open, and the match itself still checks only its own
 * token hashes, so a seat opened from "my matches" is the same seat its link opens.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export class SeatVault {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The seat key must be 32 bytes.');
  }

  seal(token: string, binding: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(binding));
    const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The token, or null when the key or the binding do not match. */
  open(sealed: string, binding: string): string | null {
    try {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(binding));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

export const seatBinding = (playerId: string, matchId: string, seat: number) => `${playerId}:${matchId}:${seat}`;
