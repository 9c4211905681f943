/**
 * A signed-in player's seats: claiming the seats a browser holds (each checked against the match's own
 * token hash), "my matches" on any device, the match that has waited longest for them, and their
 * notice choices, which are written into each claimed seat's notification settings with the signed-in
 * address as confirmed (so no seat needs a confirmation mail of its own). A seat has one owner: the first
 * player to claim it; another player's claim of it is refused and changes nothing.
 */
import type { Lang } from '../i18n.js';
import type { AnyGame, Seat } from '#shared/engine/game.js';
import type { MatchRecord, MatchStore } from '../matches/port.js';
import { sameHash, sha256 } from '../matches/tokens.js';
import { emptyPrefs, type SeatChoices } from '../notify/port.js';
import { PlayerError } from './errors.js';
import { MAX_SEATS, type ClaimedSeat, type NoticeDefaults, type PlayerRecord } from './model.js';
import type { PlayerStore } from './port.js';
import { seatBinding, type SeatVault } from './vault.js';
import type { WaitingBoards } from './waiting.js';

export interface PlayerSeatsDeps {
  players: PlayerStore;
  matches: MatchStore;
  notify: SeatChoices;
  games: ReadonlyMap<string, AnyGame>;
  vault: SeatVault;
  /** The player's waiting board: "next match waiting" in one read (./waiting.ts). */
  boards: WaitingBoards;
  clock: () => number;
}

/** The match that has waited longest for the player's move, its token opened, and how many wait in all. */
export interface NextWaiting {
  next: { matchId: string; seat: Seat; gameId: string; waitingSince: number; token: string } | null;
  waiting: number;
}

export interface SeatClaim {
  matchId: string;
  seat: Seat;
  token: string;
}

/** Why a seat was not claimed: its link does not open it, or another player's record holds it (a seat has one owner). */
export type ClaimRefusal = 'not-opened' | 'taken';
export type ClaimOutcome =
  | { matchId: string; seat: Seat; claimed: true }
  | { matchId: string; seat: Seat; claimed: false; reason: ClaimRefusal };

export class PlayerSeats {
  constructor(private readonly deps: PlayerSeatsDeps) {}

  /** Claims each seat whose token opens it; the others are answered with why not, and change nothing. */
  async claim(player: PlayerRecord, claims: readonly SeatClaim[]): Promise<ClaimOutcome[]> {
    const held = await this.deps.players.seats(player.id);
    let room = MAX_SEATS - held.length;
    const out: ClaimOutcome[] = [];
    for (const c of claims) {
      const head = await this.deps.matches.head(c.matchId);
      if (!head || !sameHash(head.tokenHashes[c.seat], sha256(c.token))) {
        out.push({ matchId: c.matchId, seat: c.seat, claimed: false, reason: 'not-opened' });
        continue;
      }
      const known = held.find((h) => h.matchId === c.matchId && h.seat === c.seat);
      if (!known && room <= 0) throw new PlayerError('too-many-seats', { key: 'error.too-many-seats', params: { max: MAX_SEATS } });
      // Two players who both hold the link: the first to claim it keeps it, with their address and notices.
      if (!(await this.deps.players.takeSeat(c.matchId, c.seat, player.id, sha256(c.token)))) {
        out.push({ matchId: c.matchId, seat: c.seat, claimed: false, reason: 'taken' });
        continue;
      }
      if (!known) room--;
      const seat: ClaimedSeat = known ?? {
        matchId: c.matchId,
        seat: c.seat,
        claimedAt: this.deps.clock(),
        sealedToken: this.deps.vault.seal(c.token, seatBinding(player.id, c.matchId, c.seat)),
        tokenHash: sha256(c.token),
      };
      if (!known) await this.deps.players.putSeat(player.id, seat);
      await this.applyNotices(player, seat);
      out.push({ matchId: c.matchId, seat: c.seat, claimed: true });
    }
    // A claim changes which seats are the player's: the board is built again from them (claims are rare).
    if (out.some((o) => o.claimed)) await this.deps.boards.build(player.id);
    return out;
  }

  /** "Next match waiting": one read of the player's board (./waiting.ts), eventually consistent. */
  async next(player: PlayerRecord): Promise<NextWaiting> {
    const board = await this.deps.boards.board(player.id);
    for (const e of board.listed) {
      const token = this.deps.vault.open(e.sealedToken, seatBinding(player.id, e.matchId, e.seat));
      if (token)
        return { next: { matchId: e.matchId, seat: e.seat, gameId: e.gameId, waitingSince: e.since, token }, waiting: board.count };
    }
    return { next: null, waiting: board.count };
  }

  /**
   * Writes the seat's notification settings from the player's choices: the signed-in address counts as
   * confirmed. Push devices stay the seat's own (a browser subscribes per seat).
   */
  async applyNotices(player: PlayerRecord, seat: ClaimedSeat): Promise<void> {
    // Only the seat's owner: a seat's address is never another player's to take.
    if (!(await this.owns(player, seat))) return;
    const now = this.deps.clock();
    const choice = seat.override ?? player.defaults;
    const prefs = (await this.deps.notify.seat(seat.matchId, seat.seat)).prefs ?? emptyPrefs(seat.matchId, seat.seat, now);
    await this.deps.notify.putPrefs({
      ...prefs,
      channels: {
        email: choice.notices === 'email' || choice.notices === 'both',
        push: choice.notices === 'push' || choice.notices === 'both',
      },
      email: { address: player.address, addressKey: player.addressKey, confirmed: true, requestedAt: now, confirmedAt: now },
      reminders: choice.reminders,
      digest: choice.mail === 'daily',
      ...(player.lang ? { lang: player.lang } : {}),
      updatedAt: now,
    });
  }

  /** Whether the player owns the seat; one claimed before seats had owners becomes theirs if still unowned. */
  private async owns(player: PlayerRecord, seat: ClaimedSeat): Promise<boolean> {
    const owner = await this.deps.players.seatOwner(seat.matchId, seat.seat);
    return owner === player.id || (owner === null && (await this.deps.players.takeSeat(seat.matchId, seat.seat, player.id)));
  }

  /** The defaults for every claimed seat; `lang`, the language of the page they were saved on, goes with them. */
  async setDefaults(player: PlayerRecord, defaults: NoticeDefaults, lang?: Lang): Promise<void> {
    await this.deps.players.setDefaults(player.id, defaults);
    if (lang && lang !== player.lang) await this.deps.players.setLang(player.id, lang);
    if (defaults.mail === 'daily') await this.deps.players.enrollDigest(player.id);
    const updated = { ...player, defaults, ...(lang ? { lang } : {}) };
    for (const seat of await this.deps.players.seats(player.id)) if (!seat.override) await this.applyNotices(updated, seat);
  }

  /** The language of the player's mails, copied into every claimed seat's notification settings. */
  async setLang(player: PlayerRecord, lang: Lang): Promise<void> {
    await this.deps.players.setLang(player.id, lang);
    const updated = { ...player, lang };
    for (const seat of await this.deps.players.seats(player.id)) await this.applyNotices(updated, seat);
  }

  /** One match's own choice (null: back to the defaults). */
  async setOverride(player: PlayerRecord, matchId: string, seat: Seat, override: NoticeDefaults | null): Promise<void> {
    if (!(await this.deps.players.setOverride(player.id, matchId, seat, override))) {
      throw new PlayerError('no-such-seat', 'error.no-such-seat');
    }
    if (override?.mail === 'daily') await this.deps.players.enrollDigest(player.id);
    const claimed = await this.deps.players.seat(player.id, matchId, seat);
    if (claimed) await this.applyNotices(player, claimed);
  }

  /** Every claimed seat whose match is still there, with its match and its token (opened from the seal). */
  async held(player: PlayerRecord): Promise<{ claim: ClaimedSeat; match: MatchRecord; token: string }[]> {
    const claims = await this.deps.players.seats(player.id);
    const found = await Promise.all(
      claims.map(async (claim) => {
        // A list ("my matches", the next match waiting, the digest): a record a moment old misleads nobody (the
        // match page reads it consistently), so eventually consistent, at half the price.
        const match = await this.deps.matches.get(claim.matchId, { consistent: false });
        const token = this.deps.vault.open(claim.sealedToken, seatBinding(player.id, claim.matchId, claim.seat));
        // A match that expired, or a token the match no longer takes, is left out.
        if (!match || !token || !sameHash(match.seats[claim.seat]?.tokenHash, sha256(token))) return null;
        return { claim, match, token };
      }),
    );
    return found.filter((f) => f !== null);
  }

  gameName(id: string): string {
    return this.deps.games.get(id)?.name ?? id;
  }
}

/** For the seat's own settings: is this the address of the signed-in player who claimed (and owns) the seat? */
export function signedInAddress(players: PlayerStore) {
  return async (matchId: string, seat: Seat, addressKey: string): Promise<boolean> => {
    const player = await players.playerByAddress(addressKey);
    if (player === null || (await players.seat(player.id, matchId, seat)) === null) return false;
    const owner = await players.seatOwner(matchId, seat);
    return owner === null || owner === player.id;
  };
}
