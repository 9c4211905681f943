/**
 * A player's page: who they are (name, member since, presence unless hidden) and, per game, matches played and
 * won, pace (the median time to move over the last 30 days) and reliability (the share finished without a
 * passed deadline or forfeit on their seat), with their recent matches. The counters are kept where the site
 * learns a match finished: the dispatcher's "match over" notice (functions/notify/dispatcher.ts `finished`),
 * delivered at least once; each player's finished match is counted once (ProfileStore.recordFinish).
 */
import { isComputerSeat } from '../matches/bot-seats.js';
import type { LogRecord, MatchRecord, MatchStore } from '../matches/port.js';
import { PlayerError } from './errors.js';
import { nameKey } from './names.js';
import type { FinishedMatch, PlayerStore, ProfileStore } from './port.js';
import { type Presence, presenceOf } from './profiles.js';

/** Pace looks back this far. */
export const PACE_WINDOW_MS = 30 * 24 * 3600 * 1000;
/** Finished matches read for the pace (the page lists the first RECENT_SHOWN). */
export const PACE_MATCHES_MAX = 200;
export const RECENT_SHOWN = 10;

export interface StatsDeps {
  matches: MatchStore;
  players: PlayerStore;
  profiles: ProfileStore;
  clock: () => number;
  /** The player's rating in a game (functions/ratings `Ratings.ratingInGame`, wired by app.ts); absent: none shown. */
  ratingOf?: (playerId: string, gameId: string) => Promise<GameRating | null>;
}

/** A rating as a player's page shows it: provisional until about 10 rated matches; `seats` names the pool where the seat count makes its own. */
export interface GameRating {
  rating: number;
  games: number;
  provisional: boolean;
  seats: number | null;
}

/** The median of some numbers; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * How long the seat took for each of its moves: from the change before it (which handed it the turn, in turn
 * order; in a phase where all act at once, from the last change anyone made) to the move.
 */
export function moveTimes(log: readonly LogRecord[], seat: number): number[] {
  const times: number[] = [];
  for (let i = 1; i < log.length; i++) {
    const r = log[i]!;
    if (r.seat === seat && r.kind === 'move' && r.bot === undefined) times.push(Math.max(0, r.at - log[i - 1]!.at));
  }
  return times;
}

/** A passed deadline on this seat: a default move made for it, a computer standing in for it, or a forfeit. */
export const missedDeadline = (log: readonly LogRecord[], seat: number) =>
  log.some(
    (r) => r.seat === seat && (r.kind === 'default-move' || r.kind === 'forfeit' || (r.kind === 'stand-in' && r.standIn === 'deadline')),
  );

/** Each signed-in player's side of a finished match (seats a computer played from the start are nobody's). */
export function finishedSeats(match: MatchRecord, log: readonly LogRecord[]): Omit<FinishedMatch, 'matchId'>[] {
  if (match.status !== 'over' || !match.end) return [];
  const endedAt = log.at(-1)?.at ?? match.updatedAt;
  return match.seats.flatMap((s, seat) =>
    isComputerSeat(s)
      ? []
      : [
          {
            gameId: match.gameId,
            seat,
            endedAt,
            won: match.end!.winners.includes(seat),
            reliable: !missedDeadline(log, seat),
            paceMs: median(moveTimes(log, seat)),
          },
        ],
  );
}

export interface PlayerPage {
  name: string;
  memberSince: number;
  presence: Presence;
  games: {
    gameId: string;
    played: number;
    won: number;
    /** Share of finished matches with no passed deadline on the player's seat (0..1). */
    reliability: number;
    /** Median time to move over the last 30 days (ms), or null with no moves then. */
    paceMs: number | null;
    /** The rating in the game (its most played pool); null before a first rated match there. */
    rating: GameRating | null;
  }[];
  recent: { matchId: string; gameId: string; endedAt: number; won: boolean }[];
}

export class PlayerStats {
  constructor(readonly deps: StatsDeps) {}

  /**
   * The match is over (told by its notice, perhaps again): each signed-in seat's finished match is counted for
   * its owner, once. Throws on a store failure, so the notice is retried.
   */
  async matchOver(matchId: string): Promise<number> {
    const match = await this.deps.matches.get(matchId);
    if (match?.status !== 'over') return 0;
    const owners = await Promise.all(match.seats.map((_, seat) => this.deps.players.seatOwner(matchId, seat)));
    if (owners.every((o) => o === null)) return 0;
    const log = await this.deps.matches.fullLog(matchId);
    let counted = 0;
    for (const side of finishedSeats(match, log)) {
      const owner = owners[side.seat];
      if (owner && (await this.deps.profiles.recordFinish(owner, { ...side, matchId }))) counted++;
    }
    return counted;
  }

  /** The page of the player going by `name` (any case of it); no-such-player when nobody does. */
  async page(name: string): Promise<PlayerPage> {
    const playerId = await this.deps.profiles.playerIdByName(nameKey(name));
    const [player, profile] = playerId
      ? await Promise.all([this.deps.players.player(playerId), this.deps.profiles.profile(playerId)])
      : [null, null];
    if (!playerId || !player || !profile?.name) throw new PlayerError('no-such-player', 'error.no-such-player');
    const now = this.deps.clock();
    const [counters, finished] = await Promise.all([
      this.deps.profiles.gameCounters(playerId),
      this.deps.profiles.finishedSince(playerId, now - PACE_WINDOW_MS, PACE_MATCHES_MAX),
    ]);
    const ratingOf = this.deps.ratingOf;
    const ratings = new Map(
      await Promise.all(counters.map(async (c) => [c.gameId, ratingOf ? await ratingOf(playerId, c.gameId) : null] as const)),
    );
    const recent = finished.length >= RECENT_SHOWN ? finished : await this.deps.profiles.finishedSince(playerId, 0, RECENT_SHOWN);
    return {
      name: profile.name,
      memberSince: player.createdAt,
      presence: presenceOf(profile, now),
      games: counters
        .sort((a, b) => b.played - a.played)
        .map((c) => ({
          gameId: c.gameId,
          played: c.played,
          won: c.won,
          reliability: c.played === 0 ? 1 : c.reliable / c.played,
          // The median of each match's median move time: a long match counts as one, as a short one does.
          paceMs: median(finished.filter((f) => f.gameId === c.gameId && f.paceMs !== null).map((f) => f.paceMs!)),
          rating: ratings.get(c.gameId) ?? null,
        })),
      recent: recent.slice(0, RECENT_SHOWN).map(({ matchId, gameId, endedAt, won }) => ({ matchId, gameId, endedAt, won })),
    };
  }
}
