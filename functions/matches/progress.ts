/**
 * What the decisions of a change share (./change.ts): a match after a change to its game (`advance`),
 * a match starting, a new open match, and the Idempotency-Keys a seat's changes are remembered by
 * (the notices a change causes: ./intents.ts). Pure but for the seed of a starting match and a new match's id.
 */
import type { AnyGame, Seat } from '#shared/engine/game.js';
import { MatchError } from './errors.js';
import type { MatchEnd, MatchRecord, RecentKey } from './port.js';
import { RECENT_KEYS_MS, RECENT_KEYS_PER_SEAT } from './port.js';
import { withDue } from './timing.js';
import { newMatchId, newSeed, sha256 } from './tokens.js';

/** The match after a state change: version, whose move, waiting clocks, the end. */
export function advance(game: AnyGame, match: MatchRecord, state: unknown, now: number, end?: MatchEnd): MatchRecord {
  const finished = end ? null : game.result(state);
  const outcome: MatchEnd | null = end ?? (finished ? { ...finished, reason: 'finished' } : null);
  const toAct = outcome ? [] : game.toAct(state);
  // Any change to the game ends what could be undone; a move that may be undone sets it again.
  const { undo: _undone, ...rest } = match;
  return withDue({
    ...rest,
    state,
    version: match.version + 1,
    // A change of state is a change to the game (the runner sets the same from its log record).
    gameVersion: match.version + 1,
    updatedAt: now,
    toAct,
    status: outcome ? 'over' : 'active',
    end: outcome,
    seats: match.seats.map((s, i) => ({
      ...s,
      waitingSince: toAct.includes(i) ? (match.toAct.includes(i) ? (s.waitingSince ?? now) : now) : null,
    })),
  });
}

/** Fills in the seed and the game's first state once every seat has a player. */
export function start(game: AnyGame, match: MatchRecord, now: number): MatchRecord {
  const seed = newSeed();
  const state = game.setup(match.seats.length, match.options, seed);
  const toAct = game.toAct(state);
  return withDue({
    ...match,
    status: 'active',
    seed,
    state,
    toAct,
    seats: match.seats.map((s, i) => ({ ...s, waitingSince: toAct.includes(i) ? now : null })),
  });
}

/** A new match waiting for its seats to be filled. */
export function openMatch(
  f: Pick<MatchRecord, 'gameId' | 'options' | 'seats' | 'spectatorHash' | 'rematchOf' | 'timing' | 'undoRequests'> & {
    now: number;
    id?: string;
    createdWith?: string;
  },
): MatchRecord {
  const { now, timing, id, createdWith, ...fields } = f;
  return {
    id: id ?? newMatchId(),
    ...(createdWith === undefined ? {} : { createdWith }),
    ...fields,
    ...(timing ? { timing } : {}),
    status: 'open',
    version: 1,
    gameVersion: 1,
    state: null,
    seed: null,
    toAct: [],
    end: null,
    createdAt: now,
    updatedAt: now,
    rematchId: null,
  };
}

/** Every seat but this one: the winners when it resigns or forfeits. */
export const othersThan = (match: MatchRecord, seat: Seat): Seat[] => match.seats.map((_, i) => i).filter((i) => i !== seat);

/** A result the platform makes (a resignation, a forfeit) as words about one seat; older results kept English `summary`. */
export const seatWords = (key: string, seat: Seat) => ({ key, params: { seat: { seat } } });

export const keyReused = () => new MatchError('idempotency-key-reused', 'error.idempotency-key-reused');

/**
 * Keys younger than a day, newest last, at most RECENT_KEYS_PER_SEAT for each seat, each kept short: the key
 * as a 96-bit digest and the request hash as its first 128 bits, base64url (keptKey), the newest only. They ride in the match
 * item, read and written by every change, where the 64-character keys and 32-hex hashes kept before made a
 * 4-seat Golden Age item cross 2 KB (docs/decisions/smaller-move-items.md).
 */
export function rememberKey(keys: RecentKey[] | undefined, key: RecentKey): RecentKey[] {
  const kept = (keys ?? []).filter((k) => k.at > key.at - RECENT_KEYS_MS);
  const earlier = kept.filter((k) => k.seat === key.seat);
  const mine = earlier.slice(Math.max(0, earlier.length - (RECENT_KEYS_PER_SEAT - 1)));
  return [...kept.filter((k) => k.seat !== key.seat), ...mine, keptKey(key)];
}

/** The form a key is remembered in (rememberKey); a key already in it is left as it is. */
export function keptKey(key: RecentKey): RecentKey {
  const requestHash = key.requestHash.length === HEX_HASH ? Buffer.from(key.requestHash, 'hex').toString('base64url') : key.requestHash;
  return { ...key, key: keyDigest(key.key), requestHash };
}

/** The seat's remembered entry for this Idempotency-Key: kept as its digest, or as itself by items written before. */
export function recentKey(keys: RecentKey[] | undefined, seat: number, key: string): RecentKey | undefined {
  const digest = keyDigest(key);
  return keys?.find((k) => k.seat === seat && (k.key === digest || k.key === key));
}

/** Was the remembered request this one (`hash`: requestHash, 32 hex)? Either form it may be kept in. */
export const sameRequest = (kept: RecentKey, hash: string): boolean =>
  kept.requestHash === hash || kept.requestHash === Buffer.from(hash, 'hex').toString('base64url');

/**
 * 96 bits: two keys of one seat within a day will not meet. The dot, which no key sent may hold (8–64 letters,
 * digits, - or _), tells a digest from a key kept as it was sent, and leaves a digest as it is.
 */
const keyDigest = (key: string) =>
  key.startsWith(DIGEST) ? key : `${DIGEST}${Buffer.from(sha256(key).slice(0, 24), 'hex').toString('base64url')}`;
const DIGEST = 'k.';
const HEX_HASH = 32;
