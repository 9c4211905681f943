/**
 * Changes to who sits where, each a decision for the runner (./change.ts): taking the seat an invite is
 * for, a computer standing in for a seat's player (and the player taking it back), new invite and
 * spectator links. Standing in and new links are changes beside the game, counted against the seat's
 * side changes (./side-changes.ts).
 */
import type { Seat } from '#shared/engine/game.js';
import { type BotLevel, everySeatFilled, isComputerSeat, withoutBot } from './bot-seats.js';
import type { ChangeDeps, Decide } from './change.js';
import { MatchError } from './errors.js';
import { intent } from './intents.js';
import { type LogRecord, type MatchRecord, type SeatRecord, voidRating } from './port.js';
import { keyReused, recentKey, rememberKey, sameRequest, start } from './progress.js';
import { countSideChange } from './side-changes.js';
import { withDue } from './timing.js';
import { derivedSecret, newSecret, requestHash, sameHash, sha256 } from './tokens.js';

/** Who took a seat: the match after it, the seat and its token. */
export interface Joined {
  match: MatchRecord;
  seat: Seat;
  token: string;
}

/**
 * Takes the seat an invite is for. With an Idempotency-Key the seat token is derived from the invite
 * and the key: a retry finds its seat taken by that token and gets the same answer (anyone else who
 * holds a used invite still gets "invite-used").
 */
export function decideJoin(
  deps: Pick<ChangeDeps, 'game'>,
  matchId: string,
  invite: string,
  name: string,
  key?: string,
  player?: string | null,
): Decide<Joined> {
  const inviteHash = sha256(invite);
  const token = key === undefined ? newSecret() : derivedSecret(invite, `join:${matchId}:${key}`);
  return (match, now) => {
    if (key !== undefined) {
      const mine = match.seats.findIndex((s) => sameHash(s.tokenHash, sha256(token)));
      if (mine >= 0 && match.seats[mine]!.name !== name) throw keyReused();
      if (mine >= 0) return { done: { match, seat: mine, token } };
    }
    const seat = match.seats.findIndex((s) => sameHash(s.inviteHash, inviteHash));
    if (seat < 0) throw new MatchError('invite-used', 'error.invite-used');
    // A rated match seats signed-in players only, each once (functions/ratings).
    if (match.rated && !player) throw new MatchError('rated-sign-in', 'error.rated-sign-in');
    if (match.rated && match.seats.some((s) => s.player === player)) throw new MatchError('rated-one-seat', 'error.rated-one-seat');
    const taker = match.rated && player ? { player } : {};
    const seats = match.seats.map((s, i) => (i === seat ? { ...s, name, tokenHash: sha256(token), inviteHash: null, ...taker } : s));
    const { full: _full, ...commit } = seatTaken(deps, match, seats, seat, now);
    return { commit, result: { match: commit.match, seat, token } };
  };
}

/**
 * A seat taken, by its invite or from the lobby (./lobby.ts): the match with the new `seats`, started once every
 * seat is filled, its log record ("join" or "start") and a notice to each other seat that has a player.
 */
export function seatTaken(deps: Pick<ChangeDeps, 'game'>, match: MatchRecord, seats: SeatRecord[], seat: Seat, now: number) {
  let next: MatchRecord = { ...match, seats, version: match.version + 1, updatedAt: now };
  const full = everySeatFilled(seats);
  if (full) next = start(deps.game(match.gameId), next, now);
  const intents = seats.flatMap((s, i) =>
    i === seat || s.tokenHash === null ? [] : [intent(next, i, full ? 'started' : 'joined', [`{${seat}} joined.`], now)],
  );
  const log: LogRecord = { version: next.version, seat, kind: full ? 'start' : 'join', at: now, events: [] };
  return { match: next, log, intents, full };
}

/** Hands the seat to a computer (`level`) or takes it back (null): a change beside the game, logged and rate limited. */
export function decideStandIn(seat: Seat, level: BotLevel | null): Decide<void> {
  return (match, now) => {
    if (match.status !== 'active') throw new MatchError('match-not-active', 'error.match-not-active.standIn');
    const s = match.seats[seat];
    if (!s || isComputerSeat(s)) throw new MatchError('forbidden', 'error.forbidden');
    if (level !== null && s.bot) throw new MatchError('already-stood-in', 'error.already-stood-in', { version: match.version });
    if (level === null && !s.bot) throw new MatchError('not-stood-in', 'error.not-stood-in', { version: match.version });
    const seats = countSideChange(match, seat, now).map((x, i) =>
      i !== seat ? x : level === null ? withoutBot(x) : { ...x, bot: { level, standIn: 'asked' as const } },
    );
    const next = withDue({ ...match, ...(level === null ? {} : voidRating(match)), seats, version: match.version + 1, updatedAt: now });
    const log: LogRecord =
      level === null
        ? { version: next.version, seat, kind: 'take-back', at: now, events: [] }
        : { version: next.version, seat, kind: 'stand-in', bot: level, standIn: 'asked', at: now, events: [] };
    return { commit: { match: next, log }, result: undefined };
  };
}

/** New links: an invite for each open seat, and the spectator's. */
export interface Links {
  invites: { seat: Seat; secret: string }[];
  spectator: string;
}

/**
 * New invite links for the open seats, and a new spectator link; the old ones stop working. With an
 * Idempotency-Key the new secrets are derived from the caller's token and the key, and the seats that
 * got one are remembered with the key: a retry gets the same links back and changes nothing.
 */
export function decideRenewLinks(seat: Seat, token: string, key?: string): Decide<Links> {
  const keyed = key === undefined ? undefined : { key, requestHash: requestHash({ op: 'links' }) };
  return (match, now) => {
    const secret = (label: string) => (keyed ? derivedSecret(token, `links:${match.id}:${keyed.key}:${label}`) : newSecret());
    const previous = keyed && recentKey(match.recentKeys, seat, keyed.key);
    if (previous) {
      if (!sameRequest(previous, keyed.requestHash)) throw keyReused();
      const invites = (previous.invites ?? []).map((s) => ({ seat: s, secret: secret(`invite:${s}`) }));
      return { done: { invites, spectator: secret('spectator') } };
    }
    const invites: { seat: Seat; secret: string }[] = [];
    const seats = match.seats.map((s, i) => {
      if (s.tokenHash !== null || s.reservedFor !== undefined || s.challenged !== undefined || s.bot !== undefined) return s;
      const invite = secret(`invite:${i}`);
      invites.push({ seat: i, secret: invite });
      return { ...s, inviteHash: sha256(invite) };
    });
    const spectator = secret('spectator');
    const counted = countSideChange({ ...match, seats }, seat, now);
    const next: MatchRecord = { ...match, seats: counted, spectatorHash: sha256(spectator), version: match.version + 1, updatedAt: now };
    if (keyed) {
      const remembered = { seat, ...keyed, version: next.version, at: now, invites: invites.map((i) => i.seat) };
      next.recentKeys = rememberKey(match.recentKeys, remembered);
    }
    return { commit: { match: next }, result: { invites, spectator } };
  };
}
