/**
 * The daily digest: for each player who chose "at most one mail a day" (by default or for some matches),
 * one mail a day listing every such match waiting for their move, and nothing when none waits. Their
 * per-turn mail is not sent meanwhile (the seat's settings say `digest`, notify/dispatcher.ts); push
 * stays per turn. A day is the UTC day: the job runs hourly (EventBridge Scheduler on AWS, a timer under
 * `npm start`), and a player's digest goes on the first run of the day that finds a match waiting.
 *
 * Exactly one per player per day, as the dispatcher does it for a notification:
 *   1. claim the day's marker (`P#<id>` / `DIGEST#<day>`) for a lease with a conditional write;
 *   2. send;
 *   3. mark the day sent (or failed). A send to retry gives the claim back; a run that dies between 1
 *      and 3 leaves a claim whose lease runs out, and the next run takes it over and sends again, with
 *      the same Message-ID, so a mail client can drop the second copy if the first did arrive.
 */
import type { AnyGame } from '#shared/engine/game.js';
import { gameNameIn, type Lang, seatNamesIn, t } from '../i18n.js';
import type { MatchRecord, MatchStore } from '../matches/port.js';
import { newSecret, sameHash, sha256 } from '../matches/tokens.js';
import type { EmailSender } from '../notify/email.js';
import { UNSUBSCRIBE_TOKEN_TTL_SECONDS } from '../notify/model.js';
import type { AddressBook, LinkTokens } from '../notify/port.js';
import { inPool, lanesOf } from '../notify/lanes.js';
import { type DigestLine, digestMail } from './digest-mail.js';
import type { ClaimedSeat, PlayerRecord } from './model.js';
import type { DigestStore, Lane, PlayerStore } from './port.js';

export interface DigestDeps {
  players: PlayerStore;
  digests: DigestStore;
  matches: MatchStore;
  notify: AddressBook & LinkTokens;
  games: ReadonlyMap<string, AnyGame>;
  email: EmailSender;
  publicUrl: string;
  siteName?: string;
  clock?: () => number;
  log?: (entry: Record<string, unknown>) => void;
  /** How long a claim protects a send in progress (shorter than the time between runs). */
  leaseMs?: number;
  /** Fault injection for tests: runs after the mail left and before the day is marked sent. */
  faults?: { afterSend?: (playerId: string) => void | Promise<void> };
  /** Players read from the list at a time (tests make it small to see a list longer than a run). */
  pageSize?: number;
  /** Mails a second at most, across all workers (SES's maximum send rate); none: unpaced. */
  sendsPerSecond?: number;
}

export const DIGEST_LEASE_MS = 5 * 60 * 1000;
/** Players read from the list at a time. */
const PAGE = 50;

/**
 * Workers, players in flight and the pace of mail, so that 1 M players who chose the digest get it within
 * the hour their day starts. A player is ≈ 8 calls (their day's marker, record, seats, address, the
 * matches, the claim, the link secret, the mark sent) and one SES send: ≈ 150 ms, so ≈ 6.7 players/s
 * per player in flight. 1 M in 45 min is 370/s: ≈ 56 in flight; 16 workers (one lane of the list's 64
 * shards each) × 4 in flight = 64 → ≈ 430 players/s, held to DIGEST_SENDS_PER_SECOND mails/s so as
 * never to exceed SES's maximum send rate, an account quota the operator raises to at least that (from
 * 14/s in a new production account; Service Quotas, "Sending rate"). A Lambda runs 15 min at most, so the
 * job runs every 15 minutes (infra DIGEST_RATE) for 14 of them: 400/s × 14 min ≈ 336,000 mails a run,
 * 1 M by the third run of the day (≈ 45 min). Runs later that day read each player's day marker once
 * (one read each) and mail those who have a match waiting by then.
 */
export const DIGEST_WORKERS = 16;
export const DIGEST_IN_FLIGHT = 4;
export const DIGEST_SENDS_PER_SECOND = 400;

export interface DigestRunOptions {
  budgetMs: number;
  /** Players one worker looks at in a run, at most (tests make it small). */
  playersPerWorker?: number;
  workers?: number;
  inFlight?: number;
}

export type DigestOutcome = 'sent' | 'nothing-waiting' | 'already-sent' | 'busy' | 'suppressed' | 'withdrawn' | 'retry' | 'failed';
export type DigestReport = Record<DigestOutcome, number> & { players: number; unfinished: boolean };

/** The UTC day of a moment, yyyy-mm-dd: the digest's unit. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class DailyDigest {
  private readonly clock: () => number;
  private readonly log: (entry: Record<string, unknown>) => void;

  /** When the next mail may leave (the pace of DigestDeps.sendsPerSecond). */
  private nextSendAt = 0;

  constructor(private readonly deps: DigestDeps) {
    this.clock = deps.clock ?? Date.now;
    this.log = deps.log ?? ((e) => console.log(JSON.stringify(e)));
  }

  /** Waits for the mail's turn: one every 1/sendsPerSecond seconds, whichever worker sends it. */
  private async pace(): Promise<void> {
    const rate = this.deps.sendsPerSecond;
    if (!rate) return;
    const now = Date.now();
    const at = Math.max(now, this.nextSendAt);
    this.nextSendAt = at + 1000 / rate;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }

  /**
   * One run: the list's lanes (ranges of its shards) walked side by side, one worker each, each from where
   * its last run stopped, a page at a time with a few players in flight, within `budgetMs` (at least one
   * page per worker, so every run gets on) and `playersPerWorker`, up to its lane's end; what is left
   * waits for the next run, which goes on from the saved place.
   */
  async run(opts: DigestRunOptions): Promise<DigestReport> {
    const report: DigestReport = {
      players: 0,
      unfinished: false,
      sent: 0,
      'nothing-waiting': 0,
      'already-sent': 0,
      busy: 0,
      suppressed: 0,
      withdrawn: 0,
      retry: 0,
      failed: 0,
    };
    const started = Date.now();
    const late = () => Date.now() - started > opts.budgetMs;
    const lanes = lanesOf(this.deps.digests.shards, opts.workers ?? DIGEST_WORKERS);
    await Promise.all(lanes.map((lane) => this.walk(lane, report, late, opts)));
    return report;
  }

  /** One worker on its lane of the list. */
  private async walk(lane: Lane, report: DigestReport, late: () => boolean, opts: DigestRunOptions): Promise<void> {
    const { digests } = this.deps;
    let cursor = await digests.walkedTo(lane);
    let left = opts.playersPerWorker ?? Number.POSITIVE_INFINITY;
    let pages = 0;
    do {
      if (pages++ > 0 && (late() || left <= 0)) {
        report.unfinished = true;
        break;
      }
      const page = await digests.enrolled(Math.min(this.deps.pageSize ?? PAGE, left), cursor, lane);
      left -= page.playerIds.length;
      await inPool(page.playerIds, opts.inFlight ?? DIGEST_IN_FLIGHT, async (id) => {
        report.players++;
        try {
          report[await this.forPlayer(id)]++;
        } catch (err) {
          report.failed++;
          this.log({ level: 'error', message: 'digest failed', playerId: id, error: String(err) });
        }
      });
      cursor = page.next;
      // Saved after each page: a run that dies goes on from its last page, whose days are claimed already.
      await digests.saveWalk(cursor, lane);
    } while (cursor);
  }

  /** The day's digest of one player. */
  async forPlayer(playerId: string): Promise<DigestOutcome> {
    const { players, digests, notify } = this.deps;
    const now = this.clock();
    const day = dayOf(now);
    // A player already mailed today costs one read on the later walks of the day.
    if (await digests.daySettled(playerId, day)) return 'already-sent';
    const player = await players.player(playerId);
    const seats = player ? await players.seats(playerId) : [];
    const daily = player ? seats.filter((s) => wantsDigest(player, s)) : [];
    if (!player || (daily.length === 0 && player.defaults.mail !== 'daily')) {
      await digests.withdraw(playerId);
      return 'withdrawn';
    }
    if ((await notify.address(player.addressKey))?.suppressed) return 'suppressed';
    const lines = await this.waiting(daily, now, player.lang ?? 'en');
    if (lines.length === 0) return 'nothing-waiting';
    const claim = await digests.claimDay(playerId, day, now, this.deps.leaseMs ?? DIGEST_LEASE_MS);
    if (claim.state !== 'claimed') return claim.state === 'sent' ? 'already-sent' : 'busy';
    const result = await this.send(player, lines, now, day);
    await this.deps.faults?.afterSend?.(playerId);
    if (result.ok) {
      await digests.settleDay(playerId, day, claim.claimId, 'sent', now);
      return 'sent';
    }
    this.log({ level: 'warn', message: 'digest not sent', playerId, kind: result.kind, reason: result.reason });
    if (result.kind === 'retry') {
      await digests.releaseDay(playerId, day, claim.claimId);
      return 'retry';
    }
    if (result.kind === 'bounce') await notify.suppress(player.addressKey, 'bouncing', now);
    await digests.settleDay(playerId, day, claim.claimId, 'failed', now);
    return 'failed';
  }

  /** The seats' matches waiting for the player's move, longest waiting first. */
  private async waiting(seats: ClaimedSeat[], now: number, lang: Lang): Promise<DigestLine[]> {
    // A daily mail: a match record a moment old is harmless, and an eventually consistent read half the price.
    const found = await Promise.all(seats.map(async (s) => ({ s, m: await this.deps.matches.get(s.matchId, { consistent: false }) })));
    const lines = found.flatMap(({ s, m }) => (m && waitsFor(m, s) ? [this.line(m, s, now, lang)] : []));
    return lines.sort((a, b) => a.waitingSince - b.waitingSince || a.matchId.localeCompare(b.matchId));
  }

  /** One match's line, its game and the seats without a name said in the player's language. */
  private line(m: MatchRecord, s: ClaimedSeat, now: number, lang: Lang): DigestLine {
    const base = this.deps.publicUrl.replace(/\/+$/, '');
    return {
      matchId: m.id,
      gameName: gameNameIn(lang, m.gameId, this.deps.games.get(m.gameId)?.name ?? m.gameId),
      opponents: seatNamesIn(lang, m.seats).flatMap((name, i) => (i === s.seat ? [] : [name ?? t(lang, 'site.seat', { n: i + 1 })])),
      waitingSince: Math.min(now, m.seats[s.seat]?.waitingSince ?? m.updatedAt),
      // No seat token in a mail: the page opens the claimed seat for its signed-in player.
      url: `${base}/m/${m.id}#seat=${s.seat}&game=${encodeURIComponent(m.gameId)}`,
    };
  }

  private async send(player: PlayerRecord, lines: DigestLine[], now: number, day: string) {
    const base = this.deps.publicUrl.replace(/\/+$/, '');
    const secret = newSecret();
    const first = lines[0]!;
    const seat = Number(/#seat=(\d+)/.exec(first.url)?.[1] ?? 0);
    await this.deps.notify.putToken(
      sha256(secret),
      {
        purpose: 'unsubscribe',
        addressKey: player.addressKey,
        matchId: first.matchId,
        seat,
        createdAt: now,
        ...(player.lang ? { lang: player.lang } : {}),
      },
      UNSUBSCRIBE_TOKEN_TTL_SECONDS,
    );
    const unsubscribeUrl = `${base}/api/notify/unsubscribe?t=${secret}`;
    const mail = digestMail(lines, now, {
      siteName: this.deps.siteName ?? 'Dutch',
      matchesUrl: `${base}/`,
      unsubscribeUrl,
      ...(player.lang ? { lang: player.lang } : {}),
    });
    const host = new URL(this.deps.publicUrl).hostname || 'localhost';
    await this.pace();
    return this.deps.email.send({ to: player.address, ...mail, unsubscribeUrl, messageId: `<digest.${player.id}.${day}@${host}>` });
  }
}

/** A seat whose mail the player wants once a day (by its own choice or the player's defaults), by mail at all. */
function wantsDigest(player: PlayerRecord, seat: ClaimedSeat): boolean {
  const choice = seat.override ?? player.defaults;
  return choice.mail === 'daily' && (choice.notices === 'email' || choice.notices === 'both');
}

/** The match is in play, waiting for this seat, and the seat is still the player's (its token unchanged). */
function waitsFor(m: MatchRecord, s: ClaimedSeat): boolean {
  if (m.status !== 'active' || !m.toAct.includes(s.seat)) return false;
  return !s.tokenHash || sameHash(m.seats[s.seat]?.tokenHash, s.tokenHash);
}
