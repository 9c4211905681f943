/**
 * The daily digest (issue 16), on DynamoDB Local with the real SMTP listener and the push stand-in, the
 * clock injected: one mail a day per player listing every match waiting for them, none when none waits,
 * exactly once under a second run, two runs at once, a crash after the send and a failed send, a list
 * longer than one run's budget walked over several runs; the per-turn mail of digest seats left out
 * while push and other players' mail go on as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { ParsedMail } from 'mailparser';
import type { DigestDeps } from '../../functions/players/digest.js';
import { DIGEST_MAX_LISTED, digestMail } from '../../functions/players/digest-mail.js';
import { SmtpEmailSender } from '../../functions/notify/email.js';
import { SimulatedCrash } from '../../functions/notify/dispatcher.js';
import { sha256 } from '../../functions/matches/tokens.js';
import { lanesOf } from '../../functions/notify/lanes.js';
import { DIGEST_SHARDS, digestShardNumberOf } from '../../functions/storage/table.js';
import { addOne, browserKeys, confirmedEmail, harness, mailAndPush, PUBLIC_URL, playUntilTurnOf, type Harness } from '../notify/support.js';
import { Device, dailyDigest, signIn } from './support.js';

const io = mailAndPush();
let h: Harness;
afterEach(async () => h?.close());
const start = Date.UTC(2026, 0, 5, 9, 0, 0);
const HOUR = 3_600_000;
const DAILY = { notices: 'email', reminders: true, mail: 'daily' };
const DAILY_DEFAULTS = { notices: 'email', reminders: true, mail: 'daily' } as const;

const digestOf = (extra: Partial<DigestDeps> = {}) => dailyDigest(h, io.sender, extra);
const digests = (address: string) => io.smtp.to(address).filter((m) => m.messageId?.startsWith('<digest.'));

/** Ann signed in with the daily digest, holding seat 0 of two matches that wait for her move. */
async function annWaitingInTwo(address: string) {
  h = await harness({ email: io.sender, push: true, start, players: true });
  const ann = new Device(h);
  await signIn(ann, io.smtp, address);
  expect((await ann.call('PUT', '/api/me/notices', { body: DAILY })).status).toBe(200);
  const one = await h.started(2, {}, ['Ann', 'Bob']);
  const two = await h.started(2, {}, ['Ann', 'Cat']);
  for (const m of [one, two]) {
    const claimed = await ann.call('POST', '/api/me/seats', { body: { seats: [{ matchId: m.matchId, ...m.seats[0]! }] } });
    expect(claimed.json.results[0].claimed).toBe(true);
  }
  await playUntilTurnOf(h, one.matchId, one.seats, 0);
  h.clock.advance(HOUR);
  await playUntilTurnOf(h, two.matchId, two.seats, 0);
  await h.deliver();
  return { ann, one, two };
}

describe('the daily digest', () => {
  it('lists every match waiting, once a day: a second run that day sends nothing, the next day again, none when none waits', async () => {
    const address = 'digest-day@example.test';
    const { one, two, ann } = await annWaitingInTwo(address);
    h.clock.advance(2 * HOUR);
    const first = await digestOf().run({ budgetMs: 60_000 });
    expect(first.sent).toBe(1);
    const [mail] = digests(address) as [ParsedMail];
    expect(digests(address)).toHaveLength(1);
    expect(mail.subject).toBe('2 matches wait for your move');
    const text = mail.text ?? '';
    // Longest waiting first, with the game, the opponent, how long, and a link to the match page (no token).
    expect(text.indexOf('against Bob')).toBeLessThan(text.indexOf('against Cat'));
    expect(text).toContain('Secret sums (test game) against Bob, waiting 3 hours');
    expect(text).toContain('Secret sums (test game) against Cat, waiting 2 hours');
    expect(text).toContain(`${PUBLIC_URL}/m/${one.matchId}#seat=0&game=secret-sums`);
    expect(text).toContain(`${PUBLIC_URL}/m/${two.matchId}#seat=0&game=secret-sums`);
    expect(text).not.toContain(one.seats[0]!.token);
    expect(mail.headerLines.some((l) => l.key === 'list-unsubscribe')).toBe(true);

    h.clock.advance(5 * HOUR); // the same UTC day
    expect((await digestOf().run({ budgetMs: 60_000 }))['already-sent']).toBe(1);
    expect(digests(address)).toHaveLength(1);

    h.clock.advance(24 * HOUR); // the next day, still waiting
    expect((await digestOf().run({ budgetMs: 60_000 })).sent).toBe(1);
    expect(digests(address)).toHaveLength(2);
    expect(digests(address)[1]!.text).toContain('against Bob, waiting 32 hours');

    // Ann moves in both: nothing waits, so the day after brings no mail at all.
    await addOne(h, one.matchId, one.seats);
    await addOne(h, two.matchId, two.seats);
    h.clock.advance(24 * HOUR);
    const quiet = await digestOf().run({ budgetMs: 60_000 });
    expect(quiet['nothing-waiting']).toBe(1);
    expect(digests(address)).toHaveLength(2);

    // Deleting the player takes the digest's list entry and the day markers with the record.
    const keysOf = async () =>
      ((await h.table.doc.send(new ScanCommand({ TableName: h.table.tableName }))).Items ?? []).map((i) => `${i.pk} ${i.sk}`);
    expect((await keysOf()).filter((k) => k.includes('DIGEST'))).toHaveLength(3);
    expect((await ann.call('DELETE', '/api/me')).status).toBeLessThan(300);
    expect((await keysOf()).filter((k) => k.includes('DIGEST'))).toEqual([]);
  });

  it('leaves out the per-turn mail of digest seats; push, other players and a match set to each turn go on as before', async () => {
    h = await harness({ email: io.sender, push: true, start, players: true });
    const ann = new Device(h);
    const address = 'digest-turns@example.test';
    await signIn(ann, io.smtp, address);
    await ann.call('PUT', '/api/me/notices', { body: DAILY });
    const one = await h.started(2, {}, ['Ann', 'Bob']);
    const two = await h.started(2, {}, ['Ann', 'Cat']);
    for (const m of [one, two]) await ann.call('POST', '/api/me/seats', { body: { seats: [{ matchId: m.matchId, ...m.seats[0]! }] } });
    // Match two is this match's own choice: each turn.
    const each = { notices: 'email', reminders: true, mail: 'each-turn' };
    expect((await ann.call('PUT', `/api/me/matches/${two.matchId}/seats/0/notices`, { body: each })).status).toBe(200);
    expect((await ann.call('PUT', '/api/me/notices', { body: { ...DAILY, mail: 'hourly' } })).status).toBe(400);
    // Ann's browser subscribes to push for match one; Bob mails each turn with his own confirmed address.
    const path = `/push/${one.matchId}-ann`;
    await h.api.call('POST', `/api/matches/${one.matchId}/seats/0/notifications/push`, {
      token: one.seats[0]!.token,
      body: browserKeys().json(io.push.origin + path),
    });
    const bob = 'bob-each@example.test';
    await confirmedEmail(h, one.matchId, one.seats[1]!, bob, () => io.smtp.to(bob).at(-1)?.text ?? '');
    const pushesBefore = io.push.requests.filter((r) => r.path === path).length;

    for (let i = 0; i < 3; i++) {
      await playUntilTurnOf(h, one.matchId, one.seats, 0);
      await playUntilTurnOf(h, two.matchId, two.seats, 0);
      await h.deliver();
      await addOne(h, one.matchId, one.seats);
      await addOne(h, two.matchId, two.seats);
      await h.deliver();
    }
    const annMail = io.smtp.to(address).filter((m) => !/sign-in/i.test(m.subject ?? ''));
    expect(annMail.some((m) => m.messageId?.startsWith(`<${one.matchId}.`))).toBe(false);
    expect(annMail.some((m) => m.messageId?.startsWith(`<${two.matchId}.`))).toBe(true);
    expect(io.push.requests.filter((r) => r.path === path).length).toBeGreaterThan(pushesBefore);
    expect(io.smtp.to(bob).some((m) => m.messageId?.startsWith(`<${one.matchId}.`))).toBe(true);

    // The digest lists match one only (match two mails each turn).
    await playUntilTurnOf(h, one.matchId, one.seats, 0);
    await playUntilTurnOf(h, two.matchId, two.seats, 0);
    expect((await digestOf().run({ budgetMs: 60_000 })).sent).toBe(1);
    const digest = digests(address).at(-1)!;
    expect(digest.subject).toBe('Your move in Secret sums (test game)');
    expect(digest.text).toContain(one.matchId);
    expect(digest.text).not.toContain(two.matchId);
  });

  it('a player mailed each turn can put one match on the digest: only that match is left out and listed', async () => {
    h = await harness({ email: io.sender, start, players: true });
    const ann = new Device(h);
    const address = 'digest-one-match@example.test';
    await signIn(ann, io.smtp, address);
    const one = await h.started(2, {}, ['Ann', 'Bob']);
    const two = await h.started(2, {}, ['Ann', 'Cat']);
    for (const m of [one, two]) await ann.call('POST', '/api/me/seats', { body: { seats: [{ matchId: m.matchId, ...m.seats[0]! }] } });
    expect((await ann.call('PUT', `/api/me/matches/${one.matchId}/seats/0/notices`, { body: DAILY })).status).toBe(200);
    await playUntilTurnOf(h, one.matchId, one.seats, 0);
    await playUntilTurnOf(h, two.matchId, two.seats, 0);
    await h.deliver();
    const turns = io.smtp.to(address);
    expect(turns.some((m) => m.messageId?.startsWith(`<${one.matchId}.`))).toBe(false);
    expect(turns.some((m) => m.messageId?.startsWith(`<${two.matchId}.`))).toBe(true);
    expect((await digestOf().run({ budgetMs: 60_000 })).sent).toBe(1);
    const digest = digests(address)[0]!;
    expect(digest.text).toContain(one.matchId);
    expect(digest.text).not.toContain(two.matchId);
  });

  it('sends once when two runs race, and after a crash only once the lease ran out, with the same Message-ID', async () => {
    const address = 'digest-race@example.test';
    await annWaitingInTwo(address);
    const raced = await Promise.all([digestOf().run({ budgetMs: 60_000 }), digestOf().run({ budgetMs: 60_000 })]);
    expect(raced.map((r) => r.sent).sort()).toEqual([0, 1]);
    expect(digests(address)).toHaveLength(1);

    // The next day the run dies after the mail left, before marking the day sent.
    h.clock.advance(24 * HOUR);
    const crashing = digestOf({
      faults: {
        afterSend: () => {
          throw new SimulatedCrash();
        },
      },
    });
    expect((await crashing.run({ budgetMs: 60_000 })).failed).toBe(1);
    expect(digests(address)).toHaveLength(2);
    h.clock.advance(60_000); // the lease is still live: nothing
    expect((await digestOf().run({ budgetMs: 60_000 })).busy).toBe(1);
    expect(digests(address)).toHaveLength(2);
    h.clock.advance(10 * 60_000); // taken over: sent again, same Message-ID, then never again that day
    expect((await digestOf().run({ budgetMs: 60_000 })).sent).toBe(1);
    const [a, b] = digests(address).slice(1);
    expect(b!.messageId).toBe(a!.messageId);
    expect((await digestOf().run({ budgetMs: 60_000 }))['already-sent']).toBe(1);
    expect(digests(address)).toHaveLength(3);
  });

  it('a send that fails for now is tried again on the next run; an unsubscribed address gets no digest', async () => {
    const address = 'digest-retry@example.test';
    const { ann } = await annWaitingInTwo(address);
    const down = new SmtpEmailSender('smtp://127.0.0.1:1');
    expect((await digestOf({ email: down }).run({ budgetMs: 60_000 })).retry).toBe(1);
    down.close();
    expect(digests(address)).toHaveLength(0);
    expect((await digestOf().run({ budgetMs: 60_000 })).sent).toBe(1);
    expect(digests(address)).toHaveLength(1);

    // Unsubscribed by the digest's own link: the next day's run sends nothing.
    const link = /\/api\/notify\/unsubscribe\?t=[A-Za-z0-9_-]+/.exec(digests(address)[0]!.text ?? '')![0];
    expect((await h.app.request(link, { method: 'POST' })).status).toBe(200);
    h.clock.advance(24 * HOUR);
    expect((await digestOf().run({ budgetMs: 60_000 })).suppressed).toBe(1);
    expect(digests(address)).toHaveLength(1);

    // Back to each turn everywhere: the player leaves the digest's list.
    await ann.call('PUT', '/api/me/notices', { body: { notices: 'email', reminders: true } });
    expect((await digestOf().run({ budgetMs: 60_000 })).withdrawn).toBe(1);
    expect((await digestOf().run({ budgetMs: 60_000 })).players).toBe(0);
  });

  it("several workers walk their lanes of the list side by side under a small budget: every shard's players covered, each mailed once", async () => {
    h = await harness({ email: io.sender, start, players: true });
    const { matchId, seats } = await h.started(2, {}, ['Ann', 'Bob']);
    await playUntilTurnOf(h, matchId, seats, 0);
    const seat = 0;
    const workers = 8;
    const lanes = lanesOf(DIGEST_SHARDS, workers);
    const laneOf = (id: string) => lanes.findIndex((l) => digestShardNumberOf(id) >= l.from && digestShardNumberOf(id) < l.to);
    // Five players in every lane of the list (a store-level setup: the list, not the claim, is under test).
    const ids: string[] = [];
    const perLane = new Array<number>(workers).fill(0);
    for (let i = 0; perLane.some((n) => n < 5); i++) {
      const id = `lane-${i}`;
      if (perLane[laneOf(id)]! >= 5) continue;
      perLane[laneOf(id)]!++;
      ids.push(id);
      const address = `${id}@example.test`;
      await h.playerStore!.createPlayer({ id, address, addressKey: sha256(address), createdAt: start, defaults: DAILY_DEFAULTS });
      await h.playerStore!.putSeat(id, { matchId, seat, claimedAt: start, sealedToken: 's', tokenHash: sha256(seats[seat]!.token) });
      await h.playerStore!.enrollDigest(id);
    }
    // Each worker reads one page of two a run: three runs cover the 40 players; one worker would need twenty.
    const small = () => digestOf({ pageSize: 2 }).run({ budgetMs: 0, workers });
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await small());
    expect(runs.map((r) => r.sent)).toEqual([2 * workers, 2 * workers, workers]);
    expect(runs.map((r) => r.players)).toEqual([2 * workers, 2 * workers, workers]);
    for (const id of ids) expect(digests(`${id}@example.test`), id).toHaveLength(1);
    // The lanes start over and find every day sent: nobody gets a second one.
    for (let i = 0; i < 2; i++) expect((await small()).sent).toBe(0);
    expect(ids.flatMap((id) => digests(`${id}@example.test`))).toHaveLength(ids.length);
  });

  it('a list longer than one run covers goes on where the last run stopped: every player gets exactly one digest that day', async () => {
    h = await harness({ email: io.sender, start, players: true });
    const { matchId, seats } = await h.started(2, {}, ['Ann', 'Bob']);
    await playUntilTurnOf(h, matchId, seats, 0);
    const seat = 0;
    // Eleven players hold the seat that waits (a store-level setup: the list, not the claim, is under test).
    const addresses = Array.from({ length: 11 }, (_, i) => `digest-many-${i}@example.test`);
    for (const [i, address] of addresses.entries()) {
      const id = `many-${i}`;
      await h.playerStore!.createPlayer({ id, address, addressKey: sha256(address), createdAt: start, defaults: DAILY_DEFAULTS });
      await h.playerStore!.putSeat(id, { matchId, seat, claimedAt: start, sealedToken: 's', tokenHash: sha256(seats[seat]!.token) });
      await h.playerStore!.enrollDigest(id);
    }
    // One worker: each run's budget is spent after its first page of four; three runs reach the end of the list.
    const tiny = () => digestOf({ pageSize: 4 }).run({ budgetMs: 0, workers: 1 });
    const runs = [];
    for (let i = 0; i < 3; i++) {
      runs.push(await tiny());
      h.clock.advance(HOUR);
    }
    expect(runs.map((r) => r.sent)).toEqual([4, 4, 3]);
    expect(runs.map((r) => r.unfinished)).toEqual([true, true, false]);
    for (const address of addresses) expect(digests(address)).toHaveLength(1);
    // The rest of the day starts the walk again and finds every day already sent; nobody gets a second one.
    for (let i = 0; i < 4; i++) expect((await tiny()).sent).toBe(0);
    expect(addresses.flatMap(digests)).toHaveLength(addresses.length);
    // The next day (still waiting) every player gets that day's one digest, again over a few runs.
    h.clock.advance(24 * HOUR);
    for (let i = 0; i < 3; i++) await tiny();
    for (const address of addresses) expect(digests(address)).toHaveLength(2);
  });

  it('lists at most DIGEST_MAX_LISTED matches in one mail and counts the rest', () => {
    const lines = Array.from({ length: DIGEST_MAX_LISTED + 3 }, (_, i) => ({
      matchId: `m${i}`,
      gameName: 'Secret Sums',
      opponents: ['Bob <b>'],
      waitingSince: start - i * HOUR,
      url: `${PUBLIC_URL}/m/m${i}#seat=0`,
    }));
    const mail = digestMail(lines, start, { siteName: 'Dutch', matchesUrl: `${PUBLIC_URL}/`, unsubscribeUrl: `${PUBLIC_URL}/u` });
    expect(mail.text.match(/^- /gm)).toHaveLength(DIGEST_MAX_LISTED);
    expect(mail.text).toContain('…and 3 more');
    expect(mail.html).toContain('Bob &lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
  });
});
