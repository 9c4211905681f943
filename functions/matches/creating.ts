/**
 * Creating a match: its seats, secrets and links, written once (MatchStore.create, never over another).
 * Not a change of a match the runner reads (./change.ts): there is nothing to read before it.
 */
import { computerNumbers } from '#shared/i18n/render.js';
import { type BotSeatRequest, botSeatsOf, computerSeat, everySeatFilled } from './bot-seats.js';
import { type ChangeDeps, readMatch } from './change.js';
import { invalid, MatchError, parseKeepingInput } from './errors.js';
import { keyReused, openMatch, start } from './progress.js';
import { entryOf } from './lobby.js';
import type { LobbyWrite } from './lobby-port.js';
import type { MatchChallenge, MatchLobby } from './port.js';
import { type TimingChoice, timingFrom, withDue } from './timing.js';
import { derivedMatchId, derivedSecret, newSecret, requestHash, sameHash, sha256 } from './tokens.js';

export interface CreateRequest {
  game: string;
  options: Record<string, unknown>;
  seats: number;
  name: string;
  timing?: TimingChoice;
  bots?: BotSeatRequest[];
  /** A player may ask the others to take back a turn (./undo-requests.ts). */
  undoRequests?: boolean;
  /**
   * The match counts for the ratings (functions/ratings): `player` is the signed-in creator, who takes seat 0.
   * Whether the game at this seat count has a rating is the caller's check (functions/http/routes/matches.ts).
   */
  rated?: { player: string | null };
}

/**
 * A new match. With an Idempotency-Key its id and every secret are derived from the key, so a retry
 * finds the match already written and answers with the same links (the key must be unguessable).
 * With `lobby` it is an open game (./lobby.ts): the seats after the creator's are open to anyone (no
 * invites), and its lobby entry is written with it.
 */
export async function createMatch(
  deps: ChangeDeps,
  input: CreateRequest,
  key?: string,
  lobby?: MatchLobby,
  /** A challenge (./challenges.ts): seat 1 is kept for the challenged player, who takes it on accepting. */
  challenge?: MatchChallenge,
) {
  const game = deps.game(input.game);
  if (input.seats < game.minSeats || input.seats > game.maxSeats) {
    throw new MatchError('invalid-seats', {
      key: 'error.invalid-seats',
      params: { game: { game: game.id, name: game.name }, min: game.minSeats, max: game.maxSeats },
    });
  }
  const parsed = parseKeepingInput(game.options, input.options);
  if (!parsed.success) throw invalid(parsed.error, 'options');
  const bots = botSeatsOf(input.seats, input.bots);
  if (input.rated && bots.size > 0) throw new MatchError('not-ratable', 'error.not-ratable.computers');
  if (input.rated && !input.rated.player) throw new MatchError('rated-sign-in', 'error.rated-sign-in');
  // Several computers are told apart by number: "Computer 1 (strong)", "Computer 2 (strong)".
  const numbers = computerNumbers(Array.from({ length: input.seats }, (_, seat) => bots.has(seat)));
  const now = deps.clock();
  const secret = (label: string) => (key === undefined ? newSecret() : derivedSecret(key, `create:${label}`));
  const token = secret('seat:0');
  // Invites only for the seats people take; a computer seat has none.
  const invites = Array.from({ length: input.seats - 1 }, (_, i) =>
    bots.has(i + 1) || lobby || (challenge && i === 0) ? null : secret(`invite:${i + 1}`),
  );
  const spectator = secret('spectator');
  const createdWith = key === undefined ? undefined : requestHash({ op: 'create', ...input });
  const match = openMatch({
    ...(key === undefined ? {} : { id: derivedMatchId(key, 'create:id'), createdWith }),
    gameId: game.id,
    options: parsed.data,
    seats: Array.from({ length: input.seats }, (_, seat) => {
      const level = bots.get(seat);
      if (level) return computerSeat(level, numbers[seat]);
      if (seat === 0)
        return { name: input.name, tokenHash: sha256(token), inviteHash: null, ...(input.rated ? { player: input.rated.player! } : {}) };
      if (lobby) return { name: null, tokenHash: null, inviteHash: null, open: true as const };
      if (challenge && seat === 1) return { name: null, tokenHash: null, inviteHash: null, challenged: challenge.to };
      return { name: null, tokenHash: null, inviteHash: sha256(invites[seat - 1]!) };
    }),
    spectatorHash: sha256(spectator),
    now,
    rematchOf: null,
    timing: timingFrom(input.timing),
    ...(input.undoRequests ? { undoRequests: true } : {}),
  });
  if (input.rated) match.rated = true;
  if (lobby) match.lobby = lobby;
  if (challenge) match.challenge = challenge;
  // Alone, or against computers only: the match starts at once.
  let started = everySeatFilled(match.seats) ? start(game, match, now) : withDue(match);
  const listed: LobbyWrite | undefined = lobby && { put: entryOf(started), hosted: true };
  if ((await deps.store.create(started, [], listed)) === 'exists') {
    const existing = await readMatch(deps, started.id);
    if (!existing) throw new MatchError('no-such-match', 'error.no-such-match');
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
