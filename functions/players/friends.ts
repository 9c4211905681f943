/**
 * Friends: a signed-in player follows others by their player name, and sees which of them are online (presence,
 * ./profiles.ts) and the open games they host (the lobby's `HOST#` items), to join in one click. Following is
 * one-sided and tells nobody; a player who hides when they were last seen shows no presence here either.
 */
import type { LobbyStore } from '../matches/lobby-port.js';
import { PlayerError } from './errors.js';
import type { FollowStore } from './follow-port.js';
import { nameKey } from './names.js';
import type { ProfileStore } from './port.js';
import { type Presence, presenceOf } from './profiles.js';

/** A player follows at most this many (the list is one Query and two BatchGets). */
export const FOLLOWS_MAX = 200;
/** Open games are read for this many friends, online ones first (one small Query each). */
export const OPEN_GAMES_READ_FOR = 30;

export interface FriendsDeps {
  follows: FollowStore;
  profiles: ProfileStore;
  /** Without a lobby, friends have no open games to show. */
  lobby?: LobbyStore;
  clock: () => number;
}

export interface Friend {
  name: string;
  presence: Presence;
  since: number;
  /** The open games they host now, each joined with POST /api/lobby/{matchId}/join. */
  openGames: { matchId: string; gameId: string }[];
}

/** Online first, then the most recently seen, then by name. */
const order = (a: Friend, b: Friend) => rank(b.presence) - rank(a.presence) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
const rank = (p: Presence) => (p.state === 'online' ? Number.MAX_SAFE_INTEGER : p.state === 'seen' ? p.at : 0);

export class Friends {
  constructor(readonly deps: FriendsDeps) {}

  private async holder(name: string): Promise<string> {
    const id = await this.deps.profiles.playerIdByName(nameKey(name));
    if (!id) throw new PlayerError('no-such-player', 'error.no-such-player');
    return id;
  }

  /** Follows the player going by `name`; not oneself, and at most FOLLOWS_MAX. */
  async follow(playerId: string, name: string): Promise<void> {
    const id = await this.holder(name);
    if (id === playerId) throw new PlayerError('follow-self', 'error.follow-self');
    const now = await this.deps.follows.following(playerId, FOLLOWS_MAX);
    if (now.length >= FOLLOWS_MAX && !now.some((f) => f.playerId === id))
      throw new PlayerError('follow-limit', { key: 'error.follow-limit', params: { max: FOLLOWS_MAX } });
    await this.deps.follows.follow(playerId, id, this.deps.clock());
  }

  async unfollow(playerId: string, name: string): Promise<void> {
    await this.deps.follows.unfollow(playerId, await this.holder(name));
  }

  /** Whom the player follows, with presence and open games; players gone (deleted, or with no name) are left out. */
  async list(playerId: string): Promise<Friend[]> {
    const follows = await this.deps.follows.following(playerId, FOLLOWS_MAX);
    const found = await this.deps.profiles.profiles(follows.map((f) => f.playerId));
    const byId = new Map(found.map((p) => [p.playerId, p]));
    const now = this.deps.clock();
    const friends = follows
      .flatMap((f) => {
        const p = byId.get(f.playerId);
        return p?.name
          ? [{ id: f.playerId, friend: { name: p.name, presence: presenceOf(p, now), since: f.since, openGames: [] } as Friend }]
          : [];
      })
      .sort((a, b) => order(a.friend, b.friend));
    const lobby = this.deps.lobby;
    if (lobby) {
      await Promise.all(
        friends.slice(0, OPEN_GAMES_READ_FOR).map(async (f) => {
          f.friend.openGames = await lobby.hostedGames(f.id);
        }),
      );
    }
    return friends.map((f) => f.friend);
  }

  /** Whether the player follows the one going by `name`, and whether that is the player themself (the player page's button). */
  async follows(playerId: string, name: string): Promise<{ following: boolean; self: boolean }> {
    const id = await this.deps.profiles.playerIdByName(nameKey(name));
    if (!id || id === playerId) return { following: false, self: id === playerId };
    return { following: (await this.deps.follows.following(playerId, FOLLOWS_MAX)).some((f) => f.playerId === id), self: false };
  }
}
