/**
 * Open games and quick match (issue 28, "Finding a game"). A signed-in player opens a match to anyone: seat 0 is
 * theirs, the others are open seats (`open`, no invite), and the match's lobby entry (./lobby-port.ts) is written
 * with it. Taking an open seat is a decision for the one runner (./change.ts): the match put conditioned on the
 * version read and the entry's new state, one transaction. Two people after the last seat both decide on the
 * same version; one commit wins, the other reads again, finds no open seat and is told `seat-taken`.
 *
 * A full match leaves the lobby in the commit that fills it; so does a withdrawn one, and one whose wait for
 * players ended with computers in the open seats (the sweep wakes it at `botsAt`: ./timing.ts `nextDue`). An
 * entry nobody took leaves the listing at `until` (LOBBY_WAIT_DAYS) and the table by TTL.
 */
import type { Seat } from '#shared/engine/game.js';
import { computerNumbers } from '#shared/i18n/render.js';
import { computerSeat } from './bot-seats.js';
import type { ChangeDeps, Decide } from './change.js';
import { runChange } from './change.js';
import { type CreateRequest, createMatch } from './creating.js';
import { MatchError } from './errors.js';
import { intent } from './intents.js';
import type { LobbyEntry, LobbyStore, LobbyWrite } from './lobby-port.js';
import type { LogRecord, MatchLobby, MatchRecord, SeatRecord } from './port.js';
import { start } from './progress.js';
import { type Joined, seatTaken } from './seating.js';
import { DAY, HOUR, withDue } from './timing.js';
import { derivedSecret, newSecret, sameHash, sha256 } from './tokens.js';

/** A player may host at most this many open games at once… */
export const MAX_HOSTED = 3;
/** …and open at most this many an hour (quick matches that open one included). */
export const OPENINGS_PER_HOUR = 10;
/** An open game nobody filled leaves the lobby after this long. */
export const LOBBY_WAIT_DAYS = 7;
/** The waits a host may choose before computers take the open seats. */
export const BOTS_AFTER_HOURS = [1, 12, 24] as const;
/** Move deadlines an open game may have: one is required (issue 28). */
export const OPEN_DEADLINE_DAYS = [1, 3, 7] as const;
/**
 * Each shard's page the listing reads (LobbyStore.list): with 16 shards, about the 160 longest waiting, filtered
 * after. Ten entries of ~400 B stay within one 4 KB read unit, half a unit eventually consistent: the figure that
 * keeps each shard's reads under half a partition's at 10 M daily players (infra/capacity.ts, "LOBBY#").
 */
export const LOBBY_PAGE_PER_SHARD = 10;
/** Candidates quick match tries, longest waiting first, before it opens a game of its own. */
export const QUICK_TRIES = 5;

/** The signed-in player acting in the lobby: their id and the name they play under. */
export interface LobbyPlayer {
  id: string;
  name: string;
}

export interface OpenGameRequest {
  game: string;
  options: Record<string, unknown>;
  seats: number;
  deadlineDays: (typeof OPEN_DEADLINE_DAYS)[number];
  onDeadline?: 'default-move' | 'bot' | 'forfeit';
  /** Rated or casual: a rated one is created rated (the match's `rated`, functions/ratings). */
  rated: boolean;
  /** Computers take the open seats after this many hours; absent: the game waits for people. */
  botsAfterHours?: (typeof BOTS_AFTER_HOURS)[number];
}

/** What a player may ask of quick match: the game, and any of the rest to match exactly. */
export interface QuickRequest extends Partial<Omit<OpenGameRequest, 'game'>> {
  game: string;
}

/** An open game as the lobby shows it: no token, no address, no player id. */
export type LobbyListing = Omit<LobbyEntry, 'host' | 'players' | 'until'> & { open: number };

/** The filters of the listing: each given one must match exactly (options: each key given). */
export interface LobbyFilter {
  options?: Record<string, unknown>;
  seats?: number;
  deadlineDays?: number;
  rated?: boolean;
}

/** The entry of an open match as it stands (the names on its taken seats, its players). */
export function entryOf(match: MatchRecord): LobbyEntry {
  const lobby = match.lobby!;
  const timing = match.timing!;
  return {
    matchId: match.id,
    gameId: match.gameId,
    options: (match.options ?? {}) as Record<string, unknown>,
    seats: match.seats.length,
    taken: match.seats.flatMap((s) => (s.tokenHash !== null && s.name !== null ? [s.name] : [])),
    deadlineDays: timing.deadlineDays as LobbyEntry['deadlineDays'],
    onDeadline: timing.onDeadline ?? 'default-move',
    rated: lobby.rated,
    createdAt: match.createdAt,
    ...(lobby.botsAt === undefined ? {} : { botsAt: lobby.botsAt }),
    until: match.createdAt + LOBBY_WAIT_DAYS * DAY,
    host: lobby.host,
    players: [lobby.host, ...match.seats.flatMap((s) => (s.lobbyPlayer ? [s.lobbyPlayer] : []))],
  };
}

export const listingOf = (e: LobbyEntry): LobbyListing => {
  const { host: _h, players: _p, until: _u, ...shown } = e;
  return { ...shown, open: e.seats - e.taken.length };
};

/** Does an entry match what was asked (each field given, exactly; options key by key)? */
export function fits(e: LobbyEntry, f: LobbyFilter): boolean {
  if (f.seats !== undefined && e.seats !== f.seats) return false;
  if (f.deadlineDays !== undefined && e.deadlineDays !== f.deadlineDays) return false;
  if (f.rated !== undefined && e.rated !== f.rated) return false;
  return Object.entries(f.options ?? {}).every(([k, v]) => JSON.stringify(e.options[k]) === JSON.stringify(v));
}

const openSeatOf = (match: MatchRecord): number =>
  match.seats.findIndex((s) => s.open === true && s.tokenHash === null && s.bot === undefined);

/** Whether the match is an open game still taking players. */
const stillOpen = (match: MatchRecord): boolean => match.status === 'open' && match.lobby !== undefined && !match.lobby.closed;

/**
 * Takes the first open seat for `player`. With an Idempotency-Key the token is derived from it, so a retry finds
 * its seat and gets the same answer. Refuses the host and anyone already seated, and `seat-taken` when none is open.
 */
export function decideTakeOpenSeat(deps: Pick<ChangeDeps, 'game'>, player: LobbyPlayer, key?: string): Decide<Joined> {
  return (match, now) => {
    const token = key === undefined ? newSecret() : derivedSecret(key, `lobby:${match.id}:${player.id}`);
    if (key !== undefined) {
      const mine = match.seats.findIndex((s) => sameHash(s.tokenHash, sha256(token)));
      if (mine >= 0) return { done: { match, seat: mine, token } };
    }
    if (!match.lobby) throw new MatchError('not-an-open-game', 'error.not-an-open-game');
    if (match.lobby.host === player.id || match.seats.some((s) => s.lobbyPlayer === player.id)) {
      throw new MatchError('already-seated', 'error.already-seated');
    }
    if (!stillOpen(match)) throw new MatchError('seat-taken', 'error.seat-taken');
    const seat = openSeatOf(match);
    if (seat < 0) throw new MatchError('seat-taken', 'error.seat-taken');
    const seats = match.seats.map((s, i) => (i === seat ? takenSeat(s, player, token, match.rated === true) : s));
    return seated(deps, match, seats, seat, now, token);
  };
}

const takenSeat = (s: SeatRecord, player: LobbyPlayer, token: string, rated: boolean): SeatRecord => {
  const { open: _o, ...rest } = s;
  return { ...rest, name: player.name, tokenHash: sha256(token), lobbyPlayer: player.id, ...(rated ? { player: player.id } : {}) };
};

/** The commit of a seat taken (./seating.ts `seatTaken`) with the lobby entry: out once full, else updated. */
function seated(deps: Pick<ChangeDeps, 'game'>, match: MatchRecord, seats: SeatRecord[], seat: Seat, now: number, token: string) {
  const { full, ...taken } = seatTaken(deps, match, seats, seat, now);
  const lobby: LobbyWrite = full ? { remove: entryOf(match) } : { put: entryOf(taken.match) };
  return { commit: { ...taken, lobby }, result: { match: taken.match, seat, token } };
}

/** The host withdraws their open game: out of the lobby, its open seats closed (the match waits for no one). */
export function decideWithdraw(player: LobbyPlayer): Decide<MatchRecord> {
  return (match, now) => {
    if (!match.lobby) throw new MatchError('not-an-open-game', 'error.not-an-open-game');
    if (match.lobby.host !== player.id) throw new MatchError('forbidden', 'error.forbidden');
    if (!stillOpen(match)) return { done: match };
    const seats = match.seats.map(({ open: _o, ...s }) => s);
    const next: MatchRecord = withDue({
      ...match,
      seats,
      lobby: { ...match.lobby, closed: 'cancelled' },
      version: match.version + 1,
      updatedAt: now,
    });
    return { commit: { match: next, lobby: { remove: entryOf(match) } }, result: next };
  };
}

/** The sweep at `botsAt`: computers take the open seats and the match starts (nothing when it filled or was withdrawn). */
export function decideComputersIn(deps: Pick<ChangeDeps, 'game'>): Decide<boolean> {
  return (match, now) => {
    const botsAt = match.lobby?.botsAt;
    if (!stillOpen(match) || botsAt === undefined || botsAt > now) return { done: false };
    const empty = match.seats.map((s) => s.open === true && s.tokenHash === null && s.bot === undefined);
    const numbers = computerNumbers(empty);
    const seats = match.seats.map((s, i) => (empty[i] ? computerSeat('easy', numbers[i]) : s));
    let next: MatchRecord = { ...match, seats, version: match.version + 1, updatedAt: now };
    next = start(deps.game(match.gameId), next, now);
    const intents = seats.flatMap((s, i) => (s.tokenHash === null ? [] : [intent(next, i, 'started', [], now)]));
    const log: LogRecord = { version: next.version, seat: null, kind: 'start', at: now, events: [] };
    return { commit: { match: next, log, intents, lobby: { remove: entryOf(match) } }, result: true };
  };
}

/** Open games and quick match, for the match service (./service.ts `lobby`). */
export class Lobby {
  constructor(
    private readonly deps: ChangeDeps,
    private readonly store: LobbyStore,
  ) {}

  /** Opens a game to anyone: refused past the player's caps (MAX_HOSTED at once, OPENINGS_PER_HOUR). */
  async open(player: LobbyPlayer, input: OpenGameRequest, key?: string) {
    const game = this.deps.game(input.game);
    if (input.seats < Math.max(2, game.minSeats) || input.seats > game.maxSeats) {
      throw new MatchError('invalid-seats', {
        key: 'error.invalid-seats',
        params: { game: { game: game.id, name: game.name }, min: Math.max(2, game.minSeats), max: game.maxSeats },
      });
    }
    if ((await this.store.hosted(player.id)) >= MAX_HOSTED) {
      throw new MatchError('too-many-open-games', { key: 'error.too-many-open-games', params: { max: MAX_HOSTED } });
    }
    const now = this.deps.clock();
    const counted = await this.store.countOpening(player.id, now, OPENINGS_PER_HOUR);
    if (!counted.ok) {
      const minutes = Math.max(1, Math.ceil((counted.retryAt - now) / 60_000));
      throw new MatchError('open-game-limit', { key: 'error.open-game-limit', params: { max: OPENINGS_PER_HOUR, minutes } });
    }
    const lobby: MatchLobby = {
      host: player.id,
      rated: input.rated,
      ...(input.botsAfterHours === undefined ? {} : { botsAt: now + input.botsAfterHours * HOUR }),
    };
    const request: CreateRequest = {
      game: input.game,
      options: input.options,
      seats: input.seats,
      name: player.name,
      timing: { reminderHours: 24, deadlineDays: input.deadlineDays, ...(input.onDeadline ? { onDeadline: input.onDeadline } : {}) },
      // A rated open game counts for the ratings (functions/ratings): each seat keeps the player who took it.
      ...(input.rated ? { rated: { player: player.id } } : {}),
    };
    return createMatch(this.deps, request, key, lobby);
  }

  /**
   * Takes an open seat of this match (one conditional write; `seat-taken` when someone was first). Every try lost
   * to others' writes (a crowd after the last seat): `seat-taken` if the seats are gone by then, else `busy`.
   */
  async join(matchId: string, player: LobbyPlayer, key?: string): Promise<Joined> {
    const lost = (): Joined | 'lost' => 'lost';
    const joined = await runChange<Joined | 'lost'>(this.deps, matchId, decideTakeOpenSeat(this.deps, player, key), {
      missing: () => {
        throw new MatchError('not-an-open-game', 'error.not-an-open-game');
      },
      lost,
    });
    if (joined !== 'lost') return joined;
    const now = await this.deps.store.get(matchId);
    if (now && stillOpen(now) && openSeatOf(now) >= 0) throw new MatchError('busy', 'error.busy');
    throw new MatchError('seat-taken', 'error.seat-taken');
  }

  withdraw(matchId: string, player: LobbyPlayer): Promise<MatchRecord> {
    return runChange(this.deps, matchId, decideWithdraw(player));
  }

  /** The open games of a game that fit the filter, longest waiting first (gone from the listing at `until`). */
  async list(gameId: string, filter: LobbyFilter = {}): Promise<LobbyEntry[]> {
    this.deps.game(gameId);
    const now = this.deps.clock();
    const entries = await this.store.list(gameId, { perShard: LOBBY_PAGE_PER_SHARD });
    return entries.filter((e) => e.until > now && fits(e, filter));
  }

  /**
   * "Play someone now": the compatible open game that has waited longest (never one's own, one already joined or
   * one with a player blocked either way),
   * else a new open game with these preferences (3-day deadline, casual and the game's fewest seats unless asked).
   */
  async quick(
    player: LobbyPlayer,
    prefs: QuickRequest,
    key?: string,
    /** Players never to be seated with (blocked either way: functions/players/safety.ts `avoided`). */
    avoid: ReadonlySet<string> = new Set(),
  ): Promise<{ joined: boolean } & Joined> {
    const found = await this.list(prefs.game, prefs);
    const candidates = found.filter((e) => !e.players.includes(player.id) && !e.players.some((p) => avoid.has(p))).slice(0, QUICK_TRIES);
    for (const e of candidates) {
      try {
        return { joined: true, ...(await this.join(e.matchId, player)) };
      } catch (err) {
        if (!(err instanceof MatchError) || !['seat-taken', 'not-an-open-game', 'busy'].includes(err.code)) throw err;
      }
    }
    const game = this.deps.game(prefs.game);
    const opened = await this.open(
      player,
      {
        game: prefs.game,
        options: prefs.options ?? {},
        seats: prefs.seats ?? Math.max(2, game.minSeats),
        deadlineDays: prefs.deadlineDays ?? 3,
        rated: prefs.rated ?? false,
        ...(prefs.onDeadline ? { onDeadline: prefs.onDeadline } : {}),
        ...(prefs.botsAfterHours ? { botsAfterHours: prefs.botsAfterHours } : {}),
      },
      key,
    );
    return { joined: false, match: opened.match, seat: 0, token: opened.token };
  }
}
