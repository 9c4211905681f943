/**
 * Player names and presence: choosing a name (the shape and the filter of ./names.ts, the monthly limit, one
 * holder per name: the store's transaction decides), and "online now" / "last seen" from the activity the site
 * already sees, written at most once per PRESENCE_WRITE_EVERY_MS per player (a poll is no write). Nothing else
 * about a player's activity is kept, and nobody is told when a player who hides it was last seen.
 */
import { PlayerError } from './errors.js';
import { NAME_CHANGE_EVERY_MS, nameKey, nameProblem, tidyName } from './names.js';
import type { PlayerProfile, ProfileStore } from './port.js';

/** At most one presence write per player in this long (and, per process, one attempt). */
export const PRESENCE_WRITE_EVERY_MS = 5 * 60 * 1000;
/** Seen within this long: "online now" (two write periods, so a player active all along never drops out). */
export const ONLINE_WITHIN_MS = 2 * PRESENCE_WRITE_EVERY_MS;
/** How many players a process remembers having written recently (a bound on the memo, not on presence). */
const MEMO_MAX = 50_000;

/** What others are told of a player's presence: nothing when they hide it. */
export type Presence = { state: 'online' } | { state: 'seen'; at: number } | { state: 'hidden' } | { state: 'unknown' };

export function presenceOf(profile: PlayerProfile | null | undefined, now: number): Presence {
  if (profile?.hideLastSeen) return { state: 'hidden' };
  const at = profile?.lastSeenAt;
  if (at === undefined) return { state: 'unknown' };
  return now - at < ONLINE_WITHIN_MS ? { state: 'online' } : { state: 'seen', at };
}

export interface ProfilesDeps {
  profiles: ProfileStore;
  clock: () => number;
}

export class PlayerProfiles {
  /** Player id → when this process last wrote (or tried to write) their presence. */
  private readonly written = new Map<string, number>();

  constructor(readonly deps: ProfilesDeps) {}

  profile(playerId: string): Promise<PlayerProfile | null> {
    return this.deps.profiles.profile(playerId);
  }

  /** Claims `raw` as the player's name; refuses a bad one, one held by another, or a second change within the month. */
  async chooseName(playerId: string, raw: string): Promise<PlayerProfile> {
    const problem = nameProblem(raw);
    if (problem) throw new PlayerError(`name-${problem}`, `error.name-${problem}`);
    const name = tidyName(raw);
    const key = nameKey(name);
    const now = this.deps.clock();
    const before = await this.deps.profiles.profile(playerId);
    if (before?.name === name) return before;
    const nextAt = (before?.nameChangedAt ?? Number.NEGATIVE_INFINITY) + NAME_CHANGE_EVERY_MS;
    if (nextAt > now) throw tooSoon(nextAt, now);
    const claim = await this.deps.profiles.claimName(playerId, {
      name,
      nameKey: key,
      previousKey: before?.nameKey ?? null,
      changedBefore: now - NAME_CHANGE_EVERY_MS,
      now,
    });
    if (claim === 'taken') throw new PlayerError('name-taken', 'error.name-taken');
    if (claim === 'too-soon') {
      // Changed from another device a moment ago: the limit runs from that change.
      const after = await this.deps.profiles.profile(playerId);
      throw tooSoon((after?.nameChangedAt ?? now) + NAME_CHANGE_EVERY_MS, now);
    }
    return { ...before, playerId, name, nameKey: key, nameChangedAt: now };
  }

  /** The player holding a name (any case of it), or null. */
  async playerIdByName(name: string): Promise<string | null> {
    return this.deps.profiles.playerIdByName(nameKey(name));
  }

  setHideLastSeen(playerId: string, hide: boolean): Promise<void> {
    return this.deps.profiles.setHideLastSeen(playerId, hide);
  }

  /**
   * True when the player's activity is due to be written: this process has not written it within the period.
   * Callers check this first, so the session behind the activity is proven only when a write may follow.
   */
  due(playerId: string): boolean {
    const last = this.written.get(playerId);
    return last === undefined || this.deps.clock() - last >= PRESENCE_WRITE_EVERY_MS;
  }

  /** The player was active now: written unless this process or another wrote it within the period. */
  async seen(playerId: string): Promise<void> {
    if (!this.due(playerId)) return;
    const now = this.deps.clock();
    this.remember(playerId, now);
    await this.deps.profiles.seen(playerId, now, PRESENCE_WRITE_EVERY_MS);
  }

  private remember(playerId: string, now: number): void {
    this.written.delete(playerId);
    this.written.set(playerId, now);
    // Oldest first (insertion order): past the bound, the oldest are forgotten; the store's condition still holds.
    while (this.written.size > MEMO_MAX) this.written.delete(this.written.keys().next().value as string);
  }

  /** What the viewer is told of each player's presence. */
  async presences(playerIds: string[]): Promise<Map<string, { name: string | null; presence: Presence }>> {
    const now = this.deps.clock();
    const found = await this.deps.profiles.profiles(playerIds);
    const byId = new Map(found.map((p) => [p.playerId, p]));
    return new Map(playerIds.map((id) => [id, { name: byId.get(id)?.name ?? null, presence: presenceOf(byId.get(id), now) }]));
  }
}

function tooSoon(nextAt: number, now: number): PlayerError {
  return new PlayerError(
    'name-too-soon',
    { key: 'error.name-too-soon', params: { date: { time: nextAt } } },
    Math.ceil((nextAt - now) / 1000),
  );
}
