/**
 * An app with signed-in players and the lobby, on the in-memory stores (one MemoryTable) or on DynamoDB Local
 * (./lobby-dynamo.ts),
 * and browsers that sign in through it: a sign-in mail is caught by a stand-in sender and its link opened.
 */
import { randomBytes } from 'node:crypto';
import { createApp, type PlayersDeps } from '../../functions/app.js';
import type { MatchStore } from '../../functions/matches/port.js';
import type { LobbyStore } from '../../functions/matches/lobby-port.js';
import type { EmailSender, OutgoingMail } from '../../functions/notify/email.js';
import type { NotifyStore } from '../../functions/notify/port.js';
import type { FollowStore } from '../../functions/players/follow-port.js';
import type { PlayerStore, ProfileStore } from '../../functions/players/port.js';
import { MemoryLobbyStore } from '../../functions/storage/memory/lobby.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { MemoryNotifyStore } from '../../functions/storage/memory/notify.js';
import { MemoryPlayerStore } from '../../functions/storage/memory/players.js';
import { MemoryTable } from '../../functions/storage/memory/table.js';
import { gameRegistry } from '#shared/games/index.js';

export const SITE = 'http://dutch.test';

export interface LobbySite {
  app: ReturnType<typeof createApp>;
  matches: MatchStore;
  lobby: LobbyStore;
  mails: OutgoingMail[];
  clock: { now: number; fn: () => number };
}

export interface Stores {
  matches: MatchStore;
  lobby: LobbyStore;
  players: PlayerStore;
  notify: NotifyStore;
  /** Names, presence, friends: given, the app has them too. */
  profiles?: ProfileStore;
  follows?: FollowStore;
}

export function memoryStores(): Stores {
  const table = new MemoryTable();
  return {
    matches: new MemoryMatchStore(table),
    lobby: new MemoryLobbyStore(table),
    players: new MemoryPlayerStore(table),
    notify: new MemoryNotifyStore(table),
  };
}

export function lobbySite(
  stores: Stores = memoryStores(),
  start = Date.UTC(2026, 10, 28, 12),
  /** More of the player side (names, safety: tests/platform/safety.test.ts). */
  more: Partial<Pick<PlayersDeps, 'profiles' | 'safety' | 'follows' | 'challenges' | 'vacation'>> = {},
): LobbySite {
  const mails: OutgoingMail[] = [];
  const email: EmailSender = {
    kind: 'outbox',
    send: async (mail) => {
      mails.push(mail);
      return { ok: true };
    },
  };
  const clock = { now: start, fn: () => clock.now };
  const app = createApp({
    store: stores.matches,
    games: gameRegistry,
    clock: clock.fn,
    publicUrl: SITE,
    notifications: { store: stores.notify, email },
    players: {
      store: stores.players,
      seatKey: randomBytes(32),
      signInCaps: { address: 1000, client: 100_000 },
      ...(stores.profiles ? { profiles: stores.profiles } : {}),
      ...(stores.follows ? { follows: stores.follows } : {}),
      ...more,
    },
    lobby: stores.lobby,
  });
  return { app, matches: stores.matches, lobby: stores.lobby, mails, clock };
}

export interface Reply {
  status: number;
  json: Record<string, unknown>;
  /** A refusal's code (`error.code`), if it is one. */
  code?: string;
}

/** A browser on the site: its session cookie, and calls from the site's own pages (Origin set). */
export class Browser {
  cookie: string | null = null;
  constructor(readonly site: LobbySite) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const h: Record<string, string> = { Origin: SITE, ...headers };
    if (this.cookie) h.Cookie = this.cookie;
    if (body !== undefined) h['Content-Type'] = 'application/json';
    const res = await this.site.app.request(path, { method, headers: h, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const set = res.headers.get('Set-Cookie');
    if (set) this.cookie = set.split(';')[0]!;
    const text = await res.text();
    const json = text ? (JSON.parse(text) as Reply['json']) : {};
    const code = (json.error as { code?: string } | undefined)?.code;
    return { status: res.status, json, ...(code ? { code } : {}) };
  }

  /** Signs in as `address` by the link mailed to it. */
  async signIn(address: string): Promise<this> {
    const asked = await this.call('POST', '/api/session/link', { address });
    if (asked.status !== 202) throw new Error(`sign-in request: ${asked.status}`);
    const mail = this.site.mails.filter((m) => m.to === address).at(-1);
    const link = mail && /\/api\/session\/open\?t=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    if (!link) throw new Error('no sign-in link');
    const opened = await this.site.app.request(link, { method: 'POST', headers: { Origin: SITE } });
    const set = opened.headers.get('Set-Cookie');
    if (opened.status !== 200 || !set) throw new Error(`sign-in: ${opened.status}`);
    this.cookie = set.split(';')[0]!;
    return this;
  }
}

export const signedIn = (site: LobbySite, address: string) => new Browser(site).signIn(address);

/** An open Dutch auction game for two, a 3-day deadline, casual (overridable). */
export const openAuction = (over: Record<string, unknown> = {}) => ({
  game: 'dutch-auction',
  options: { edition: 'current' },
  seats: 2,
  name: 'Ann',
  deadlineDays: 3,
  rated: false,
  ...over,
});
