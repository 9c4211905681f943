/**
 * What this browser remembers: the seats it holds ("my matches", with their seat links), spectator
 * links, the invite being answered, the name last used, and how far each log has been read.
 * Everything lives in localStorage (or sessionStorage for per-tab choices); if the browser refuses
 * storage (private modes), an in-memory stand-in keeps the page working for this visit.
 */
import type { BotLevel, MatchStatus } from './types.js';

export interface StoredSeat {
  matchId: string;
  seat: number;
  token: string;
  gameId?: string;
  gameName?: string;
  names?: (string | null)[];
  /** The level of each seat made for a computer (null for the others), so its name is said in the language shown. */
  computers?: (BotLevel | null)[];
  status?: MatchStatus;
  /** Was it this seat's move when last seen? */
  myTurn?: boolean;
  version?: number;
  /** The log version this seat had seen when it last left the page. */
  lastSeen?: number;
  /** Invite links still unanswered (kept for the creator's share panel). */
  invites?: { seat: number; url: string }[];
  spectatorUrl?: string;
  /** The match's options, for games with more than one edition (worded on display by remembered.ts `storedVariant`). */
  options?: unknown;
  /** How it ended, as data (worded on display by remembered.ts `storedResult`), once over. */
  end?: StoredEnd;
  /** Older entries: the edition and the result as English words (still shown as they are). */
  variant?: string;
  result?: string;
  /** When this browser first held the seat (the match was made or joined then). */
  since?: number;
  updatedAt: number;
}

const PREFIX = 'dutch:v1:';
const SEATS = `${PREFIX}seats`;
const WATCH = `${PREFIX}watch`;
const NAME = `${PREFIX}name`;
const NEXT_AFTER_MOVE = `${PREFIX}next-after-move`;
/** At most this many matches are remembered; the oldest finished ones go first. */
const MAX_SEATS = 60;

/** A Storage kept in memory: where the browser refuses localStorage (and in tests). */
export function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

function pick(kind: 'localStorage' | 'sessionStorage'): Storage {
  try {
    const s = globalThis[kind];
    const probe = `${PREFIX}probe`;
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return memoryStorage();
  }
}

let local: Storage | undefined;
let session: Storage | undefined;
const ls = () => (local ??= pick('localStorage'));
const ss = () => (session ??= pick('sessionStorage'));

/** For tests: use these instead of the browser's storage. */
export function useStorage(l: Storage, s: Storage): void {
  local = l;
  session = s;
}

function readJson<T>(store: Storage, key: string, fallback: T): T {
  try {
    const raw = store.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

function write(store: Storage, key: string, value: string): void {
  try {
    store.setItem(key, value);
  } catch {
    /* quota or refusal: the page still works for this visit */
  }
}

function writeJson(store: Storage, key: string, value: unknown): void {
  write(store, key, JSON.stringify(value));
}

// ------------------------------------------------------------------ seats ("my matches")

export function listSeats(): StoredSeat[] {
  const all = readJson<StoredSeat[]>(ls(), SEATS, []);
  return Array.isArray(all) ? all.filter((s) => typeof s?.matchId === 'string' && typeof s.token === 'string') : [];
}

export function findSeat(matchId: string, seat?: number): StoredSeat | undefined {
  const mine = listSeats().filter((s) => s.matchId === matchId);
  return (seat === undefined ? undefined : mine.find((s) => s.seat === seat)) ?? mine[0];
}

/** Adds or updates one seat; the fields given replace the stored ones. */
export function saveSeat(entry: Partial<StoredSeat> & { matchId: string; seat: number; token?: string }): StoredSeat | undefined {
  const all = listSeats();
  const i = all.findIndex((s) => s.matchId === entry.matchId && s.seat === entry.seat);
  const before = i >= 0 ? all[i] : undefined;
  const token = entry.token ?? before?.token;
  if (!token) return undefined;
  const next: StoredSeat = {
    ...before,
    ...entry,
    token,
    since: before?.since ?? entry.since ?? Date.now(),
    updatedAt: Date.now(),
  } as StoredSeat;
  if (i >= 0) all[i] = next;
  else all.unshift(next);
  if (all.length > MAX_SEATS) {
    all.sort((a, b) => Number(a.status === 'over') - Number(b.status === 'over') || b.updatedAt - a.updatedAt);
    all.length = MAX_SEATS;
  }
  writeJson(ls(), SEATS, all);
  return next;
}

export interface StoredEnd {
  winners: number[];
  scores?: number[];
  reason?: string;
  seat?: number;
}

/** A stored entry's seats: names, and the computers' levels (named in the language shown by `seatName`). */
export function storedSeats(s: StoredSeat): { name: string | null; bot?: { level: BotLevel } }[] {
  return (s.names ?? []).map((name, i) => {
    const level = s.computers?.[i];
    return level ? { name, bot: { level } } : { name };
  });
}

export function forgetSeat(matchId: string, seat: number): void {
  writeJson(
    ls(),
    SEATS,
    listSeats().filter((s) => !(s.matchId === matchId && s.seat === seat)),
  );
}

/** The seat this tab last used for a match (one browser may hold several seats of one match). */
export function currentSeat(matchId: string): number | undefined {
  const v = ss().getItem(`${PREFIX}tab-seat:${matchId}`);
  return v === null ? undefined : Number(v);
}

export function setCurrentSeat(matchId: string, seat: number): void {
  write(ss(), `${PREFIX}tab-seat:${matchId}`, String(seat));
}

// ------------------------------------------------------------------ spectating, invites, name

export function saveWatch(matchId: string, secret: string): void {
  const all = readJson<Record<string, string>>(ls(), WATCH, {});
  all[matchId] = secret;
  writeJson(ls(), WATCH, all);
}

export function findWatch(matchId: string): string | undefined {
  return readJson<Record<string, string>>(ls(), WATCH, {})[matchId];
}

/** The invite this tab is answering, kept out of the address bar but across a reload. */
export function savePendingInvite(matchId: string, secret: string): void {
  write(ss(), `${PREFIX}invite:${matchId}`, secret);
}

export function pendingInvite(matchId: string): string | undefined {
  return ss().getItem(`${PREFIX}invite:${matchId}`) ?? undefined;
}

export function clearPendingInvite(matchId: string): void {
  ss().removeItem(`${PREFIX}invite:${matchId}`);
}

// ------------------------------------------------------------------ push devices in a rematch

/** The seats that use this browser's push subscription (kept by ./notify.ts, which the page loads only with its panel). */
const PUSH_DEVICES = `${PREFIX}push-devices`;

/** The rematch seat uses this browser's subscription when the old seat did: the server carried it over too. */
export function carryPushDevice(from: { matchId: string; seat: number }, to: { matchId: string; seat: number }): void {
  const map = readJson<Record<string, unknown>>(ls(), PUSH_DEVICES, {});
  const endpoint = map && typeof map === 'object' ? map[`${from.matchId}:${from.seat}`] : undefined;
  if (typeof endpoint === 'string') writeJson(ls(), PUSH_DEVICES, { ...map, [`${to.matchId}:${to.seat}`]: endpoint });
}

// ------------------------------------------------------------------ addresses this browser confirmed

const ADDRESSES = `${PREFIX}addresses`;
/** Addresses remembered at most; the oldest confirmation goes first. */
const MAX_ADDRESSES = 5;

/** An address this browser confirmed, with the proof the server gave it (sent when a seat uses the address). */
export interface ConfirmedAddress {
  address: string;
  proof: string;
}

export function confirmedAddresses(): ConfirmedAddress[] {
  const all = readJson<ConfirmedAddress[]>(ls(), ADDRESSES, []);
  return Array.isArray(all) ? all.filter((a) => typeof a?.address === 'string' && typeof a.proof === 'string') : [];
}

/** Newest first; the same address (in any case) is kept once, with its newest proof. */
export function saveConfirmedAddress(entry: ConfirmedAddress): void {
  const same = (a: ConfirmedAddress) => a.address.toLowerCase() === entry.address.toLowerCase();
  writeJson(ls(), ADDRESSES, [entry, ...confirmedAddresses().filter((a) => !same(a))].slice(0, MAX_ADDRESSES));
}

export function proofFor(address: string): string | undefined {
  return confirmedAddresses().find((a) => a.address.toLowerCase() === address.trim().toLowerCase())?.proof;
}

export function lastName(): string {
  return ls().getItem(NAME) ?? '';
}

export function saveName(name: string): void {
  write(ls(), NAME, name);
}

/** "Take me to the next match waiting for me after my move": remembered on this device, off until chosen. */
export function nextAfterMove(): boolean {
  return ls().getItem(NEXT_AFTER_MOVE) === '1';
}

export function saveNextAfterMove(on: boolean): void {
  write(ls(), NEXT_AFTER_MOVE, on ? '1' : '0');
}

// ------------------------------------------------------------------ last seen state of a match

/**
 * The match as this browser last received it, so that a returning player sees the page at once
 * while the first (conditional) poll checks for news. It holds only what this viewer was shown.
 */
export interface Snapshot<T> {
  etag: string;
  match: T;
  savedAt: number;
}

const SNAP = `${PREFIX}snap:`;
/** Snapshots kept at most; the oldest are dropped. */
const MAX_SNAPSHOTS = 12;

export function loadSnapshot<T>(key: string): Snapshot<T> | undefined {
  const s = readJson<Snapshot<T> | null>(ls(), SNAP + key, null);
  return s && typeof s.etag === 'string' && s.match ? s : undefined;
}

export function saveSnapshot<T>(key: string, etag: string, match: T): void {
  const store = ls();
  writeJson(store, SNAP + key, { etag, match, savedAt: Date.now() });
  const keys: { key: string; at: number }[] = [];
  for (let i = 0; i < store.length; i++) {
    const k = store.key(i);
    if (k?.startsWith(SNAP)) keys.push({ key: k, at: readJson<{ savedAt?: number }>(store, k, {}).savedAt ?? 0 });
  }
  keys.sort((a, b) => b.at - a.at);
  for (const old of keys.slice(MAX_SNAPSHOTS)) store.removeItem(old.key);
}

export function dropSnapshot(key: string): void {
  ls().removeItem(SNAP + key);
}

const TURN_TONE = `${PREFIX}turnTone`;
/** Whether a short tone plays when it becomes this player's move (off unless they switch it on). */
export function turnTone(): boolean {
  return ls().getItem(TURN_TONE) === 'on';
}
export function saveTurnTone(on: boolean): void {
  if (on) write(ls(), TURN_TONE, 'on');
  else ls().removeItem(TURN_TONE);
}
