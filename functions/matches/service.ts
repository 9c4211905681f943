/**
 * The match lifecycle: create, join, read, move, resign, rematch. Knows the engine contract and
 * the match store's port, and nothing of any particular game or of HTTP: it refuses with
 * MatchError (./errors.ts), which the API's one error handler turns into statuses.
 */
import type { AnyGame, Seat, Viewer } from '#shared/engine/game.js';
import { computerNumbers } from '#shared/i18n/render.js';
import type { Commit, LogRecord, MatchEnd, MatchRecord, MatchStore, NotificationIntent, NotificationKind, RecentKey } from './port.js';
import { RECENT_KEYS_MS, RECENT_KEYS_PER_SEAT } from './port.js';
import {
  botSeatsOf,
  computerSeat,
  everySeatFilled,
  isComputerSeat,
  isStoodIn,
  withoutBot,
  type BotLevel,
  type BotSeatRequest,
} from './bot-seats.js';
import { invalid, MatchError, parseKeepingInput, RuleError } from './errors.js';
import { TableChat } from './chat.js';
import { nudge } from './nudge.js';
import { changePause, type PauseChange } from './pausing.js';
import { linesOf, presentLog, presentMatch } from './present.js';
import { RecentMatches } from './recent.js';
import { ReplayReader, replaySteps, replayViewer, type ReplayQuery } from './replay.js';
import { countSideChange } from './side-changes.js';
import { deadlineOf, timingFrom, withDue, type TimingChoice } from './timing.js';
import { undoAfterMove, undoLastMove, type UndoDeps } from './undo.js';
import { answerUndo, askUndo } from './undo-requests.js';
import { derivedMatchId, derivedSecret, newMatchId, newSecret, newSeed, requestHash, sameHash, sha256 } from './tokens.js';

export { countSideChange, SIDE_CHANGES } from './side-changes.js';

export interface ServiceDeps {
  store: MatchStore;
  games: ReadonlyMap<string, AnyGame>;
  clock: () => number;
}

/** Who is calling: a seat (by its token) or a spectator. */
export type Caller = { kind: 'seat'; seat: Seat } | { kind: 'spectator' };

/** Log records of changes beside the game: a computer standing in or the player taking the seat back, an undo request and its refusal. */
const SIDE_LOG_KINDS: ReadonlySet<LogRecord['kind']> = new Set(['stand-in', 'take-back', 'undo-asked', 'undo-refused', 'nudge']);

/** A rebaseable move is re-applied at most this many times when others keep writing first. */
const MAX_ATTEMPTS = 8;
/** How many recent log records a match read carries. */
export const LOG_PAGE = 30;

export class MatchService {
  /** Records this process read or wrote last: a move at the version just read skips the read. */
  private readonly recent = new RecentMatches();
  private readonly replays: ReplayReader;

  constructor(private readonly deps: ServiceDeps) {
    this.replays = new ReplayReader(deps.store);
  }

  game(id: string): AnyGame {
    const game = this.deps.games.get(id);
    if (!game) throw new MatchError('unknown-game', { key: 'error.unknown-game', params: { id: id.slice(0, 60) } });
    return game;
  }

  /** A game's name, or its id for a game no longer offered. */
  gameName(id: string): string {
    return this.deps.games.get(id)?.name ?? id;
  }

  // ---------------------------------------------------------------- create and join

  /**
   * A new match. With an Idempotency-Key its id and every secret are derived from the key, so a retry
   * finds the match already written and answers with the same links (the key must be unguessable).
   */
  async create(
    input: {
      game: string;
      options: Record<string, unknown>;
      seats: number;
      name: string;
      timing?: TimingChoice;
      bots?: BotSeatRequest[];
      /** A player may ask the others to take back a turn (./undo-requests.ts). */
      undoRequests?: boolean;
    },
    key?: string,
  ) {
    const game = this.game(input.game);
    if (input.seats < game.minSeats || input.seats > game.maxSeats) {
      throw new MatchError('invalid-seats', {
        key: 'error.invalid-seats',
        params: { game: { game: game.id, name: game.name }, min: game.minSeats, max: game.maxSeats },
      });
    }
    const parsed = parseKeepingInput(game.options, input.options);
    if (!parsed.success) throw invalid(parsed.error, 'options');
    const bots = botSeatsOf(input.seats, input.bots);
    // Several computers are told apart by number: "Computer 1 (strong)", "Computer 2 (strong)".
    const numbers = computerNumbers(Array.from({ length: input.seats }, (_, seat) => bots.has(seat)));
    const now = this.deps.clock();
    const secret = (label: string) => (key === undefined ? newSecret() : derivedSecret(key, `create:${label}`));
    const token = secret('seat:0');
    // Invites only for the seats people take; a computer seat has none.
    const invites = Array.from({ length: input.seats - 1 }, (_, i) => (bots.has(i + 1) ? null : secret(`invite:${i + 1}`)));
    const spectator = secret('spectator');
    const createdWith = key === undefined ? undefined : requestHash({ op: 'create', ...input });
    const match = openMatch({
      ...(key === undefined ? {} : { id: derivedMatchId(key, 'create:id'), createdWith }),
      gameId: game.id,
      options: parsed.data,
      seats: Array.from({ length: input.seats }, (_, seat) => {
        const level = bots.get(seat);
        if (level) return computerSeat(level, numbers[seat]);
        return seat === 0
          ? { name: input.name, tokenHash: sha256(token), inviteHash: null }
          : { name: null, tokenHash: null, inviteHash: sha256(invites[seat - 1]!) };
      }),
      spectatorHash: sha256(spectator),
      now,
      rematchOf: null,
      timing: timingFrom(input.timing),
      ...(input.undoRequests ? { undoRequests: true } : {}),
    });
    // Alone, or against computers only: the match starts at once.
    let started = everySeatFilled(match.seats) ? this.start(match, now) : match;
    if ((await this.deps.store.create(started)) === 'exists') {
      const existing = await this.mustGet(started.id);
      // The same key and request again: the match made the first time, with the same secrets.
      if (key === undefined || existing.createdWith !== createdWith || !sameHash(existing.seats[0]?.tokenHash, sha256(token))) {
        throw keyReused();
      }
      started = existing;
    }
    return {
      match: started,
      token,
      invites: invites.flatMap((secret, i) => (secret === null ? [] : [{ seat: i + 1, secret }])),
      spectator,
    };
  }

  /**
   * Takes the seat an invite is for. With an Idempotency-Key the seat token is derived from the invite
   * and the key: a retry finds its seat taken by that token and gets the same answer (anyone else who
   * holds a used invite still gets "invite-used").
   */
  async join(matchId: string, invite: string, name: string, key?: string) {
    const inviteHash = sha256(invite);
    const token = key === undefined ? newSecret() : derivedSecret(invite, `join:${matchId}:${key}`);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const match = await this.mustGet(matchId);
      if (key !== undefined) {
        const mine = match.seats.findIndex((s) => sameHash(s.tokenHash, sha256(token)));
        if (mine >= 0 && match.seats[mine]!.name !== name) throw keyReused();
        if (mine >= 0) return { match, seat: mine, token };
      }
      const seat = match.seats.findIndex((s) => sameHash(s.inviteHash, inviteHash));
      if (seat < 0) throw new MatchError('invite-used', 'error.invite-used');
      const now = this.deps.clock();
      const seats = match.seats.map((s, i) => (i === seat ? { ...s, name, tokenHash: sha256(token), inviteHash: null } : s));
      let next: MatchRecord = { ...match, seats, version: match.version + 1, updatedAt: now };
      const full = everySeatFilled(seats);
      if (full) next = this.start(next, now);
      const intents = seats.flatMap((s, i) =>
        i === seat || s.tokenHash === null ? [] : [this.intent(next, i, full ? 'started' : 'joined', [`{${seat}} joined.`], now)],
      );
      const result = await this.commit({
        match: next,
        expectedVersion: match.version,
        log: { version: next.version, seat, kind: full ? 'start' : 'join', at: now, events: [] },
        intents,
      });
      if (result.ok) return { match: next, seat, token };
      // Someone else joined or changed the match at the same moment: read again and retry.
    }
    throw new MatchError('busy', 'error.busy');
  }

  /**
   * What an invite's holder may see before choosing a name: the match and the seat the invite is for.
   * A used or replaced invite learns nothing but that.
   */
  async invitation(matchId: string, invite: string): Promise<{ match: MatchRecord; seat: Seat }> {
    const match = await this.deps.store.get(matchId);
    if (!match) throw new MatchError('no-such-match', 'error.no-such-match');
    const hash = sha256(invite);
    const seat = match.seats.findIndex((s) => sameHash(s.inviteHash, hash));
    if (seat < 0) throw new MatchError('invite-used', 'error.invite-used');
    return { match, seat };
  }

  /** Fills in the seed and the game's first state once every seat has a player. */
  private start(match: MatchRecord, now: number): MatchRecord {
    const game = this.game(match.gameId);
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

  // ---------------------------------------------------------------- reading

  /** Authenticates a bearer token against a seat (or the spectator link) of a match. */
  authenticate(
    head: { tokenHashes: (string | null)[]; spectatorHash: string },
    token: string,
    wanted: { seat: Seat } | 'spectator',
  ): Caller {
    const hash = sha256(token);
    if (wanted === 'spectator') {
      if (sameHash(head.spectatorHash, hash)) return { kind: 'spectator' };
    } else if (sameHash(head.tokenHashes[wanted.seat], hash)) {
      return { kind: 'seat', seat: wanted.seat };
    }
    throw new MatchError('forbidden', 'error.forbidden');
  }

  async head(matchId: string) {
    const head = await this.deps.store.head(matchId);
    if (!head) throw new MatchError('no-such-match', 'error.no-such-match');
    return head;
  }

  async mustGet(matchId: string): Promise<MatchRecord> {
    const match = await this.deps.store.get(matchId);
    if (!match) throw new MatchError('no-such-match', 'error.no-such-match');
    this.recent.remember(match);
    return match;
  }

  /**
   * One conditional commit; the record remembered for the next move follows its outcome. A commit
   * with a log record changes the game, so it also moves `gameVersion` (what moves are checked against).
   */
  private async commit(c: Commit) {
    // A computer standing in or the player taking the seat back changes who plays, not the game.
    if (c.log && !SIDE_LOG_KINDS.has(c.log.kind)) c.match.gameVersion = c.log.version;
    const result = await this.deps.store.commit(c);
    if (result.ok) this.recent.remember(c.match);
    else this.recent.forget(c.match.id);
    return result;
  }

  /** The match as one viewer may see it (./present.ts), at this service's clock. */
  present(match: MatchRecord, viewer: Viewer, log: LogRecord[]) {
    return presentMatch(this.game(match.gameId), match, viewer, log, this.deps.clock());
  }

  async read(matchId: string, caller: Caller) {
    const [match, log] = await this.matchWithLog(matchId);
    return this.present(match, viewerOf(caller), log);
  }

  /** A read that authenticates against the match it reads: one round trip (the log is fetched alongside). */
  async readAs(matchId: string, token: string, wanted: { seat: Seat } | 'spectator') {
    const [match, log] = await this.matchWithLog(matchId);
    const caller = this.authenticate(
      { tokenHashes: match.seats.map((s) => s.tokenHash), spectatorHash: match.spectatorHash },
      token,
      wanted,
    );
    return this.present(match, viewerOf(caller), log);
  }

  /**
   * The match and the newest page of its log, read side by side. A commit can land between the two
   * reads, so unless the log ends at the match's own version it is read again as the page that does
   * (no line newer than the match, which may name cards its version still hides, and none missing).
   * Versions with no log record of their own (an open match, a spectator link, a rematch) cost that
   * second read too, which is rare and harmless.
   */
  private async matchWithLog(matchId: string): Promise<[MatchRecord, LogRecord[]]> {
    const [match, log] = await Promise.all([this.mustGet(matchId), this.deps.store.log(matchId, { limit: LOG_PAGE })]);
    // After a change beside the game (links, a pause) the newest record is the game's version's.
    if (log[0] !== undefined && (log[0].version === match.version || log[0].version === match.gameVersion)) return [match, log];
    return [match, await this.deps.store.log(matchId, { limit: LOG_PAGE, before: match.version + 1 })];
  }

  async olderLog(matchId: string, caller: Caller, before: number) {
    const [match, log] = await Promise.all([this.mustGet(matchId), this.deps.store.log(matchId, { limit: LOG_PAGE, before })]);
    return presentLog(this.game(match.gameId), log, viewerOf(caller));
  }

  /** One page of the match replayed as the caller may see it (./replay.ts). */
  async replayed(matchId: string, caller: Caller, query: ReplayQuery) {
    const match = await this.mustGet(matchId);
    const game = this.game(match.gameId);
    const viewer = replayViewer(game, match, viewerOf(caller), query.as);
    return replaySteps(game, match, await this.replays.frames(game, match), viewer, query);
  }

  // ---------------------------------------------------------------- moves

  /**
   * Applies one move. The version check is inside the conditional write; a stale version is a
   * 409 unless the game says the move may be re-applied to the newer state (sealed bids, snaps).
   * With an Idempotency-Key the stored response of the first success is returned on every retry.
   */
  async move(
    matchId: string,
    seat: Seat,
    tokenHash: string,
    request: { expectedVersion: number; move: unknown },
    idempotency?: { key: string },
  ): Promise<{ status: number; version: number; json: string }> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      // The first try may use the record this process last saw at the player's version; the
      // conditional write still checks it, and a failed write reads the match afresh.
      const recent = attempt === 0 ? this.recent.at(matchId, request.expectedVersion) : undefined;
      const match = recent && sameHash(recent.seats[seat]?.tokenHash, tokenHash) ? recent : await this.mustGet(matchId);
      // Authenticated against the record just read: no extra round trip on the hot path.
      if (!sameHash(match.seats[seat]?.tokenHash, tokenHash)) {
        throw new MatchError('forbidden', 'error.forbidden');
      }
      const game = this.game(match.gameId);
      const parsed = parseKeepingInput(game.move, request.move);
      if (!parsed.success) throw invalid(parsed.error, 'move');
      // The parsed move is compared, so a retry with its keys in another order or spaced otherwise replays.
      const keyed = idempotency && {
        key: idempotency.key,
        requestHash: requestHash({ expectedVersion: request.expectedVersion, move: parsed.data }),
      };
      const previous = keyed && match.recentKeys?.find((k) => k.seat === seat && k.key === keyed.key);
      if (previous) return this.replay(match.id, previous, keyed.requestHash);
      if (match.status !== 'active') {
        throw new MatchError(
          match.status === 'over' ? 'match-over' : 'match-not-started',
          match.status === 'over' ? 'error.match-over' : 'error.match-not-started',
          { version: match.version },
        );
      }
      // Current from the game's last change on: new links or a pause since do not make the move stale.
      // The commit below is conditional on the version read, so this holds at the moment of the write.
      const current = match.gameVersion ?? match.version;
      if (request.expectedVersion < current || request.expectedVersion > match.version) {
        const canRebase = request.expectedVersion < current && (game.rebaseable?.(match.state, seat, parsed.data) ?? false);
        if (!canRebase) {
          throw new MatchError('stale-version', 'error.stale-version', {
            version: match.version,
          });
        }
      }
      const now = this.deps.clock();
      const applied = game.apply(match.state, seat, parsed.data, { now });
      if (!applied.ok && match === recent) continue; // judge a refusal on a fresh read
      if (!applied.ok)
        throw new RuleError(
          applied.error,
          match.seats.map((s) => s.name),
          { version: match.version },
        );
      const { state, events, reveal } = applied.value;
      // The player's own move takes their seat back from a computer standing in, in the same commit.
      const tookBack = isStoodIn(match.seats[seat]);
      const next = this.advance(
        tookBack ? { ...match, seats: match.seats.map((s, i) => (i === seat ? withoutBot(s) : s)) } : match,
        state,
        now,
      );
      if (keyed) next.recentKeys = remember(match.recentKeys, { seat, ...keyed, version: next.version, at: now });
      const undo = undoAfterMove(game, match, next, seat, parsed.data, applied.value, now);
      if (undo) next.undo = undo;
      const body = {
        ...this.present(next, seat, []),
        log: undefined,
        events: events.flatMap((e) => game.viewEvent(e, seat) ?? []),
        ...(reveal !== undefined ? { reveal } : {}),
      };
      // The response as sent, and kept verbatim for a retry with the same Idempotency-Key.
      const json = JSON.stringify(body);
      const record: LogRecord = { version: next.version, seat, kind: 'move', move: parsed.data, at: now, events: [...events] };
      if (tookBack) record.tookBack = true;
      if (keyed) record.response = { status: 200, body: json };
      const commit: Commit = {
        match: next,
        expectedVersion: match.version,
        log: record,
        intents: this.intentsFor(game, match, next, seat, record),
      };
      const result = await this.commit(commit);
      if (result.ok) return { status: 200, version: next.version, json };
      // Lost the race (perhaps to the same key sent in parallel): read again; the loop decides.
    }
    throw new MatchError('busy', 'error.busy.moment');
  }

  /** The seat takes back its own last move (./undo.ts); the answer is the match as that seat sees it. */
  async undo(matchId: string, seat: Seat, expectedVersion: number) {
    await undoLastMove(this.undoDeps(), matchId, seat, expectedVersion);
    return this.read(matchId, { kind: 'seat', seat });
  }

  /** With undo requests on: the seat asks the others to take back its last turn (./undo-requests.ts). */
  async askUndo(matchId: string, seat: Seat, expectedVersion: number) {
    await askUndo(this.undoDeps(), matchId, seat, expectedVersion);
    return this.read(matchId, { kind: 'seat', seat });
  }

  /** Another player accepts or refuses the request to take back a turn. */
  async answerUndo(matchId: string, seat: Seat, accept: boolean) {
    await answerUndo(this.undoDeps(), matchId, seat, accept);
    return this.read(matchId, { kind: 'seat', seat });
  }

  private undoDeps(): UndoDeps {
    return {
      get: (id) => this.mustGet(id),
      game: (id) => this.game(id),
      log: (id, opts) => this.deps.store.log(id, opts),
      advance: (match, state, now) => this.advance(match, state, now),
      commit: (c) => this.commit(c),
      clock: this.deps.clock,
    };
  }

  /** The stored response of the move first made with this key. */
  private async replay(matchId: string, previous: RecentKey, requestHash: string) {
    if (previous.requestHash !== requestHash) throw keyReused();
    const record = await this.deps.store.logAt(matchId, previous.version);
    if (!record?.response) throw new Error(`log record ${matchId}@${previous.version} has no stored response`);
    return { status: record.response.status, version: previous.version, json: record.response.body };
  }

  /** The match after a state change: version, whose move, waiting clocks, the end. */
  private advance(match: MatchRecord, state: unknown, now: number, end?: MatchEnd): MatchRecord {
    const game = this.game(match.gameId);
    const finished = end ? null : game.result(state);
    const outcome: MatchEnd | null = end ?? (finished ? { ...finished, reason: 'finished' } : null);
    const toAct = outcome ? [] : game.toAct(state);
    // Any change to the game ends what could be undone; a move that may be undone sets it again.
    const { undo: _undone, ...rest } = match;
    return withDue({
      ...rest,
      state,
      version: match.version + 1,
      // A change of state is a change to the game (commit sets the same from its log record).
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

  /** At most one intent per seat for this version; never to the seat that acted, never to a computer. */
  private intentsFor(game: AnyGame, before: MatchRecord, after: MatchRecord, actor: Seat | null, record: LogRecord): NotificationIntent[] {
    const intents: NotificationIntent[] = [];
    after.seats.forEach((s, seat) => {
      // Nobody reads a computer's mail; a player whose seat a computer plays for now is not asked to move.
      if (seat === actor || isComputerSeat(s)) return;
      let kind: NotificationKind | null = null;
      if (after.status === 'over') kind = 'over';
      else if (after.toAct.includes(seat) && !before.toAct.includes(seat) && !isStoodIn(s)) kind = 'your-move';
      if (!kind) return;
      const lines = linesOf(game, record, seat);
      intents.push(this.intent(after, seat, kind, lines, record.at));
    });
    return intents;
  }

  private intent(
    match: MatchRecord,
    seat: Seat,
    kind: NotificationKind,
    lines: NotificationIntent['lines'],
    now: number,
  ): NotificationIntent {
    return { matchId: match.id, version: match.version, seat, kind, gameId: match.gameId, lines, createdAt: now };
  }

  // ---------------------------------------------------------------- resign, links, rematch

  /**
   * The seat gives up; everyone else wins. With `expectedVersion` it is refused (409) once the game has
   * moved on since; with an Idempotency-Key a retry gets the first answer, as a move does.
   */
  async resign(matchId: string, seat: Seat, request: { expectedVersion?: number } = {}, idempotency?: { key: string }) {
    const keyed = idempotency && { key: idempotency.key, requestHash: requestHash({ op: 'resign', ...request }) };
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const match = await this.mustGet(matchId);
      const previous = keyed && match.recentKeys?.find((k) => k.seat === seat && k.key === keyed.key);
      if (previous) return this.replay(match.id, previous, keyed.requestHash);
      if (match.status !== 'active') throw new MatchError('match-not-active', 'error.match-not-active.resign', { version: match.version });
      const e = request.expectedVersion;
      if (e !== undefined && (e < (match.gameVersion ?? match.version) || e > match.version)) {
        throw new MatchError('stale-version', 'error.stale-version.decide', {
          version: match.version,
        });
      }
      const now = this.deps.clock();
      // Words, not English: the page, mails and "my matches" say them in each reader's own language.
      const end: MatchEnd = { winners: othersThan(match, seat), ...seatWords('match.log.resigned', seat), reason: 'resigned', seat };
      const next = this.advance(match, match.state, now, end);
      if (keyed) next.recentKeys = remember(match.recentKeys, { seat, ...keyed, version: next.version, at: now });
      const json = JSON.stringify(this.present(next, seat, []));
      const record: LogRecord = { version: next.version, seat, kind: 'resign', at: now, events: [] };
      if (keyed) record.response = { status: 200, body: json };
      const game = this.game(match.gameId);
      const result = await this.commit({
        match: next,
        expectedVersion: match.version,
        log: record,
        intents: this.intentsFor(game, match, next, seat, record),
      });
      if (result.ok) return { status: 200, version: next.version, json };
    }
    throw new MatchError('busy', 'error.busy.moment');
  }

  /**
   * A missed move deadline, applied by the sweep (never by a player): the game's default move for
   * the seat, or, where the game has none (or it is refused), the seat forfeits and the match ends.
   * Acts only while the match is still at `expectedVersion` and the seat's deadline has passed, in
   * one conditional commit, so a late or repeated sweep cannot act on a turn that has moved on.
   */
  async expireTurn(matchId: string, seat: Seat, expectedVersion: number): Promise<ExpiredTurn> {
    const match = await this.deps.store.get(matchId);
    if (!match || match.version !== expectedVersion) return 'stale';
    const now = this.deps.clock();
    const deadline = deadlineOf(match, seat);
    if (deadline === null || deadline > now) return 'not-due';
    // The match's choice for a passed deadline; a seat a computer already plays (and did not move in
    // time) gets the standard move whatever the choice.
    const policy = match.seats[seat]?.bot ? 'default-move' : (match.timing?.onDeadline ?? 'default-move');
    if (policy === 'bot') return this.standInAtDeadline(match, seat, now);
    const game = this.game(match.gameId);
    const proposed = policy === 'forfeit' ? null : (game.defaultMove?.(match.state, seat) ?? null);
    const parsed = proposed === null ? null : game.move.safeParse(proposed);
    const applied = parsed?.success ? game.apply(match.state, seat, parsed.data, { now }) : null;
    let next: MatchRecord;
    let record: LogRecord & { kind: 'default-move' | 'forfeit' };
    if (parsed?.success && applied?.ok) {
      next = this.advance(match, applied.value.state, now);
      record = { version: next.version, seat, kind: 'default-move', move: parsed.data, at: now, events: [...applied.value.events] };
    } else {
      const end: MatchEnd = {
        winners: othersThan(match, seat),
        ...seatWords('match.log.forfeit', seat),
        reason: 'forfeit',
        seat,
      };
      next = this.advance(match, match.state, now, end);
      record = { version: next.version, seat, kind: 'forfeit', at: now, events: [] };
    }
    let intents = this.intentsFor(game, match, next, null, record);
    if (record.kind === 'default-move' && next.status !== 'over') {
      // The late player did not move: tell them what was done in their name (an end of the match
      // is news enough on its own, and they get it as 'over').
      const lines = linesOf(game, record, seat);
      intents = [...intents.filter((n) => n.seat !== seat), this.intent(next, seat, 'moved-for-you', lines, now)];
    }
    const result = await this.commit({ match: next, expectedVersion, log: record, intents });
    return result.ok ? record.kind : 'stale';
  }

  /**
   * A passed deadline in a match that chose 'bot': a computer (strong) plays the seat until its player
   * moves again; its clock starts afresh (the deadline stays as the fallback should it never move).
   * The player is told. Conditional on the version read, as every change.
   */
  private async standInAtDeadline(match: MatchRecord, seat: Seat, now: number): Promise<'stand-in' | 'stale'> {
    const level: BotLevel = 'strong';
    const seats = match.seats.map((s, i) => (i === seat ? { ...s, bot: { level, standIn: 'deadline' as const }, waitingSince: now } : s));
    const next = withDue({ ...match, seats, version: match.version + 1, updatedAt: now });
    const record: LogRecord = { version: next.version, seat, kind: 'stand-in', bot: level, standIn: 'deadline', at: now, events: [] };
    const lines = linesOf(this.game(match.gameId), record, seat);
    const intents = [this.intent(next, seat, 'stood-in', lines, now)];
    const result = await this.commit({ match: next, expectedVersion: match.version, log: record, intents });
    return result.ok ? 'stand-in' : 'stale';
  }

  /**
   * A computer's move for a seat it plays (functions/bots/ decides it from the seat's view): the same
   * conditional commit, log record (with the computer's level) and notifications as a person's move.
   * Only at exactly the version the runner read: anything else is stale and the runner reads again.
   */
  async botMove(matchId: string, seat: Seat, expectedVersion: number, move: unknown, level: BotLevel): Promise<BotMoveResult> {
    const match = await this.deps.store.get(matchId);
    if (!match || match.version !== expectedVersion) return { ok: false, reason: 'stale' };
    if (match.status !== 'active') return { ok: false, reason: 'not-active' };
    if (!match.seats[seat]?.bot) return { ok: false, reason: 'not-bot' };
    const game = this.game(match.gameId);
    const parsed = game.move.safeParse(move);
    if (!parsed.success) return { ok: false, reason: 'refused', code: 'invalid-move', message: 'The move does not parse.' };
    const now = this.deps.clock();
    const applied = game.apply(match.state, seat, parsed.data, { now });
    if (!applied.ok)
      return { ok: false, reason: 'refused', code: applied.error.code, message: applied.error.key ?? applied.error.message ?? '' };
    const next = this.advance(match, applied.value.state, now);
    const record: LogRecord = {
      version: next.version,
      seat,
      kind: 'move',
      move: parsed.data,
      at: now,
      events: [...applied.value.events],
      bot: level,
      ...(applied.value.reveal !== undefined ? { reveal: applied.value.reveal } : {}),
    };
    const result = await this.commit({
      match: next,
      expectedVersion,
      log: record,
      intents: this.intentsFor(game, match, next, seat, record),
    });
    return result.ok ? { ok: true, version: next.version } : { ok: false, reason: 'stale' };
  }

  /** The seat's player hands it to a computer for now (holidays); their next move, or takeBack, ends it. */
  standIn(matchId: string, seat: Seat, level: BotLevel) {
    return this.changeStandIn(matchId, seat, level);
  }

  /** The seat's player takes it back from the computer standing in. */
  takeBack(matchId: string, seat: Seat) {
    return this.changeStandIn(matchId, seat, null);
  }

  /** Hands the seat to a computer (`level`) or takes it back (null): a change beside the game, logged and rate limited. */
  private async changeStandIn(matchId: string, seat: Seat, level: BotLevel | null) {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const match = await this.mustGet(matchId);
      if (match.status !== 'active') throw new MatchError('match-not-active', 'error.match-not-active.standIn');
      const s = match.seats[seat];
      if (!s || isComputerSeat(s)) throw new MatchError('forbidden', 'error.forbidden');
      if (level !== null && s.bot) {
        throw new MatchError('already-stood-in', 'error.already-stood-in', {
          version: match.version,
        });
      }
      if (level === null && !s.bot) throw new MatchError('not-stood-in', 'error.not-stood-in', { version: match.version });
      const now = this.deps.clock();
      const seats = countSideChange(match, seat, now).map((x, i) =>
        i !== seat ? x : level === null ? withoutBot(x) : { ...x, bot: { level, standIn: 'asked' as const } },
      );
      const next = withDue({ ...match, seats, version: match.version + 1, updatedAt: now });
      const record: LogRecord =
        level === null
          ? { version: next.version, seat, kind: 'take-back', at: now, events: [] }
          : { version: next.version, seat, kind: 'stand-in', bot: level, standIn: 'asked', at: now, events: [] };
      const result = await this.commit({ match: next, expectedVersion: match.version, log: record });
      if (result.ok) return this.read(matchId, { kind: 'seat', seat });
    }
    throw new MatchError('busy', 'error.busy.moment');
  }

  /** The table chat of every match (./chat.ts): posting, reading, muting. */
  get chat(): TableChat {
    this.tableChat ??= new TableChat(this.talkDeps());
    return this.tableChat;
  }
  private tableChat: TableChat | undefined;

  /** The seat reminds whoever else is to move (./nudge.ts). */
  nudge(matchId: string, seat: Seat) {
    return nudge({ ...this.talkDeps(), game: (id) => this.game(id) }, matchId, seat);
  }

  private talkDeps() {
    return {
      get: (id: string) => this.mustGet(id),
      store: this.deps.store,
      clock: this.deps.clock,
      remember: (m: MatchRecord) => this.recent.remember(m),
    };
  }

  /** The seat pauses its own deadlines, or ends its pause now (./pausing.ts). */
  async pause(matchId: string, seat: Seat, change: PauseChange): Promise<void> {
    await changePause({ get: (id) => this.mustGet(id), store: this.deps.store, clock: this.deps.clock }, matchId, seat, change);
  }

  /**
   * New invite links for the open seats, and a new spectator link; the old ones stop working. With an
   * Idempotency-Key the new secrets are derived from the caller's token and the key, and the seats that
   * got one are remembered with the key: a retry gets the same links back and changes nothing.
   */
  async renewLinks(matchId: string, seat: Seat, token: string, idempotency?: { key: string }) {
    const keyed = idempotency && { key: idempotency.key, requestHash: requestHash({ op: 'links' }) };
    const secret = (label: string) => (keyed ? derivedSecret(token, `links:${matchId}:${keyed.key}:${label}`) : newSecret());
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const match = await this.mustGet(matchId);
      const previous = keyed && match.recentKeys?.find((k) => k.seat === seat && k.key === keyed.key);
      if (previous) {
        if (previous.requestHash !== keyed.requestHash) throw keyReused();
        return {
          invites: (previous.invites ?? []).map((s) => ({ seat: s, secret: secret(`invite:${s}`) })),
          spectator: secret('spectator'),
        };
      }
      const invites: { seat: Seat; secret: string }[] = [];
      const seats = match.seats.map((s, i) => {
        if (s.tokenHash !== null || s.reservedFor !== undefined || s.bot !== undefined) return s;
        const invite = secret(`invite:${i}`);
        invites.push({ seat: i, secret: invite });
        return { ...s, inviteHash: sha256(invite) };
      });
      const spectator = secret('spectator');
      const now = this.deps.clock();
      const counted = countSideChange({ ...match, seats }, seat, now);
      const next: MatchRecord = { ...match, seats: counted, spectatorHash: sha256(spectator), version: match.version + 1, updatedAt: now };
      if (keyed)
        next.recentKeys = remember(match.recentKeys, {
          seat,
          ...keyed,
          version: next.version,
          at: now,
          invites: invites.map((i) => i.seat),
        });
      const result = await this.commit({ match: next, expectedVersion: match.version });
      if (result.ok) return { invites, spectator };
    }
    throw new MatchError('busy', 'error.busy.moment');
  }

  /**
   * A new match with the same game, options and players, the first player moved one seat on.
   * The first caller creates it; each player then claims their own seat with their old token.
   *
   * Safe to repeat, with or without an Idempotency-Key: the new seat's token is derived from the old
   * token and the rematch's id, so every call from a seat (a retry, a second tab, calls in parallel)
   * finds that seat already held by the same token and returns it, with no write and no new version.
   */
  async rematch(matchId: string, seat: Seat, oldToken: string): Promise<{ matchId: string; seat: Seat; token: string; gameId: string }> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const old = await this.mustGet(matchId);
      if (old.status !== 'over') throw new MatchError('match-not-over', 'error.match-not-over');
      const now = this.deps.clock();
      const n = old.seats.length;
      const newSeat = (seat - 1 + n) % n; // new seat i is kept for old seat (i + 1) mod n
      if (old.rematchId === null) {
        const id = newMatchId();
        const token = derivedSecret(oldToken, `rematch:${id}`);
        const numbers = computerNumbers(old.seats.map((_, i) => isComputerSeat(old.seats[(i + 1) % n])));
        const created = openMatch({
          id,
          gameId: old.gameId,
          options: old.options,
          seats: old.seats.map((_, i) => {
            const from = (i + 1) % n;
            const was = old.seats[from]!;
            // A computer made for the match plays the rematch too (one standing in for a player does not),
            // numbered by its new seat.
            if (isComputerSeat(was)) return computerSeat(was.bot!.level, numbers[i]);
            return { name: was.name, tokenHash: i === newSeat ? sha256(token) : null, inviteHash: null, reservedFor: from };
          }),
          spectatorHash: sha256(newSecret()),
          now,
          rematchOf: old.id,
          timing: old.timing,
          ...(old.undoRequests ? { undoRequests: true } : {}),
        });
        const next = { ...old, rematchId: created.id, version: old.version + 1, updatedAt: now };
        const intents = old.seats.flatMap((s, i) =>
          i === seat || isComputerSeat(s) ? [] : [this.intent(next, i, 'joined', [`{${seat}} asked for a rematch.`], now)],
        );
        // Against computers only, the rematch starts at once.
        const create = everySeatFilled(created.seats) ? this.start(created, now) : created;
        const result = await this.commit({ match: next, expectedVersion: old.version, create, intents });
        if (result.ok) return { matchId: created.id, seat: newSeat, token, gameId: old.gameId };
        continue;
      }
      const match = await this.mustGet(old.rematchId);
      const token = derivedSecret(oldToken, `rematch:${match.id}`);
      const held = match.seats[newSeat]?.tokenHash ?? null;
      if (held !== null) {
        if (sameHash(held, sha256(token))) return { matchId: match.id, seat: newSeat, token, gameId: match.gameId };
        // Only a rematch made before tokens were derived can hold another token; it is not replaced.
        throw new MatchError('rematch-joined', 'error.rematch-joined');
      }
      const seats = match.seats.map((s, i) => (i === newSeat ? { ...s, tokenHash: sha256(token) } : s));
      let next: MatchRecord = { ...match, seats, version: match.version + 1, updatedAt: now };
      const starting = match.status === 'open' && everySeatFilled(seats);
      if (starting) next = this.start(next, now);
      const result = await this.commit({
        match: next,
        expectedVersion: match.version,
        log: starting ? { version: next.version, seat: newSeat, kind: 'start', at: now, events: [] } : undefined,
        intents: starting
          ? seats.flatMap((s, i) =>
              i === newSeat || isComputerSeat(s) ? [] : [this.intent(next, i, 'started', [`{${newSeat}} joined the rematch.`], now)],
            )
          : [],
      });
      if (result.ok) return { matchId: match.id, seat: newSeat, token, gameId: match.gameId };
    }
    throw new MatchError('busy', 'error.busy.moment');
  }
}

/** What the sweep did with a passed deadline (functions/matches/deadlines.ts). */
export type ExpiredTurn = 'default-move' | 'forfeit' | 'stand-in' | 'stale' | 'not-due';

/** A computer's move: made (at `version`), or not, and why; 'stale' means read again and decide again. */
export type BotMoveResult =
  | { ok: true; version: number }
  | { ok: false; reason: 'stale' | 'not-active' | 'not-bot' }
  | { ok: false; reason: 'refused'; code: string; message: string };

export const viewerOf = (caller: Caller): Viewer => (caller.kind === 'seat' ? caller.seat : null);

/** Every seat but this one: the winners when it resigns or forfeits. */
const othersThan = (match: MatchRecord, seat: Seat): Seat[] => match.seats.map((_, i) => i).filter((i) => i !== seat);

/** A result the platform makes (a resignation, a forfeit) as words about one seat; older results kept English `summary`. */
const seatWords = (key: string, seat: Seat) => ({ key, params: { seat: { seat } } });

const keyReused = () => new MatchError('idempotency-key-reused', 'error.idempotency-key-reused');

/** A new match waiting for its seats to be filled. */
function openMatch(
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

/** Keys younger than a day, newest last, at most RECENT_KEYS_PER_SEAT for each seat. */
function remember(keys: RecentKey[] | undefined, key: RecentKey): RecentKey[] {
  const kept = (keys ?? []).filter((k) => k.at > key.at - RECENT_KEYS_MS);
  const mine = kept.filter((k) => k.seat === key.seat).slice(-(RECENT_KEYS_PER_SEAT - 1));
  return [...kept.filter((k) => k.seat !== key.seat), ...mine, key];
}
