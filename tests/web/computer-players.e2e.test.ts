/**
 * Computer players end to end, in real headless Chromium against the real local app (API on
 * DynamoDB Local, the built site, and the bot runner on the table's stream as under `npm start`).
 * The pages learn of the computers' moves only through their normal polling.
 * - A visitor alone picks "Play against the computer" (strong) for Dutch and plays a whole game by
 *   clicks to the final result; the rematch keeps the computer.
 * - A person and two computer players (easy and strong, chosen seat by seat on the form) play the
 *   first round of the memory game to its count, the person by clicks.
 * - A player hands their seat to a computer and takes it back; a missed deadline (the match's rule:
 *   a computer plays for them) hands it over, the page says so and how to take it back. Invite links
 *   only for friends' seats. axe-core finds nothing on the new form, badges and notices.
 * Screenshots go to test-artifacts/web/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DutchMemoryState } from '#shared/games/dutch-memory/state.js';
import { MatchService } from '../../functions/matches/service.js';
import { DAY } from '../../functions/matches/timing.js';
import { nudge, pageVersion, playAuctionStep } from './support/auction-clicks.js';
import { expectAccessible } from './support/axe.js';
import { e2eSite, openMatchMenu } from './support/e2e.js';
import { waitVersion } from './support/page-version.js';
import { playMove, readMatch } from './support/matches.js';
import { siteGames } from './support/site.js';

const env = e2eSite('bots-web', { bots: true });

const matchIdOf = (p: Page) => new URL(p.url()).pathname.split('/')[2]!;

/** The seat token this browser keeps for a match (as the page stored it). */
async function storedToken(p: Page, matchId: string, seat: number): Promise<string> {
  const seats = await p.evaluate(
    () => JSON.parse(localStorage.getItem('dutch:v1:seats') ?? '[]') as { matchId: string; seat: number; token: string }[],
  );
  return seats.find((s) => s.matchId === matchId && s.seat === seat)!.token;
}

/** The form, filled for a game and a name (the game's radio, then the name). */
async function openForm(p: Page, game: string | RegExp, name: string) {
  await p.goto(`${env.server.url}/`);
  await p.getByRole('radio', { name: game }).check();
  await p.getByLabel(/Your name/).fill(name);
}

describe('computer players in the browser', () => {
  it('a player alone plays a whole game of Dutch against the strong computer by clicks, from "Play against the computer" to the result; the rematch keeps the computer', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const a = await ctx.newPage();
    const errors: string[] = [];
    a.on('pageerror', (e) => errors.push(e.message));

    await openForm(a, 'Dutch (auction deck-builder)', 'Ann');
    const vs = a.locator('section.vs-computer');
    await expect.poll(() => vs.innerText()).toContain('A computer player takes the other seat');
    await a.getByLabel('Computer level').selectOption('strong');
    await a.screenshot({ path: `${env.artifacts}/bots-01-play-against-computer.png`, fullPage: true });
    await expectAccessible(a, 'create form with "Play against the computer"');
    await vs.getByRole('button', { name: 'Play against the computer' }).click();

    // Under way at once: no invite to send, the other seat a strong computer player.
    await a.locator('main.match[data-status="active"]').waitFor({ timeout: 20_000 });
    const matchId = matchIdOf(a);
    const stored = (await env.table.store.get(matchId))!;
    expect(stored.seats[1]!.bot).toEqual({ level: 'strong' });
    const badge = a.locator('.players .badge.bot');
    expect(await badge.innerText()).toBe('Computer player, strong');
    await openMatchMenu(a);
    expect(await a.locator('.share').innerText()).not.toContain('Invite link');
    await expectAccessible(a, 'match against the computer (badge)');

    // The whole game by clicks; the computer's moves arrive through the page's own polling timer (no
    // nudges here: this is what an open page sees by itself).
    let steps = 0;
    let idle = 0;
    while ((await a.locator('main.match').getAttribute('data-status')) !== 'over') {
      expect(steps, 'the game should be over by now').toBeLessThan(300);
      if (await playAuctionStep(a)) {
        steps++;
        idle = 0;
        if (steps === 3) await a.screenshot({ path: `${env.artifacts}/bots-02-auction-vs-strong.png`, fullPage: true });
      } else {
        expect(++idle, 'waiting too long for the computer').toBeLessThan(400);
        await a.waitForTimeout(250);
      }
    }
    expect(steps).toBeGreaterThan(5);

    // The result as in any match, with both score tables.
    await a.getByRole('heading', { name: 'Final result' }).waitFor();
    const end = (await env.table.store.get(matchId))!.end!;
    const captions = (await a.locator('.score-table caption').allTextContents()).join(' ');
    expect(captions).toContain(`Ann: ${end.scores![0]} VP`);
    expect(captions).toContain(`Computer (strong): ${end.scores![1]} VP`);
    await a.screenshot({ path: `${env.artifacts}/bots-03-auction-result.png`, fullPage: true });
    // Every move of seat 1 was the strong computer's, made through the platform.
    const log = await env.table.store.fullLog(matchId);
    const botMoves = log.filter((l) => l.kind === 'move' && l.seat === 1);
    expect(botMoves.length).toBeGreaterThan(5);
    expect(botMoves.every((l) => l.bot === 'strong')).toBe(true);
    expect(log.filter((l) => l.kind === 'move' && l.seat === 0).every((l) => l.bot === undefined)).toBe(true);

    // The rematch keeps the computer and starts at once.
    await a.getByRole('button', { name: 'Ask for a rematch' }).click();
    await a.waitForURL((u) => !u.pathname.endsWith(matchId));
    await a.locator('main.match[data-status="active"]').waitFor({ timeout: 20_000 });
    expect(await a.locator('.players .badge.bot').innerText()).toBe('Computer player, strong');
    expect(errors).toEqual([]);
    await ctx.close();
  }, 480_000);

  it('one person and two computer players (easy and strong, chosen seat by seat) play round 1 of the memory game to its count', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const a = await ctx.newPage();
    const errors: string[] = [];
    a.on('pageerror', (e) => errors.push(e.message));

    await openForm(a, /Dutch \(memory/, 'Ann');
    await a.getByRole('combobox', { name: 'Players', exact: true }).selectOption('3');
    await a.getByRole('combobox', { name: 'Seat 2', exact: true }).selectOption('easy');
    await a.getByRole('combobox', { name: 'Seat 3', exact: true }).selectOption('strong');
    await a.screenshot({ path: `${env.artifacts}/bots-04-memory-seats.png`, fullPage: true });
    await a.getByRole('button', { name: 'Create the match' }).click();
    await a.locator('main.match[data-status="active"]').waitFor({ timeout: 20_000 });
    const matchId = matchIdOf(a);
    expect(await a.locator('.players .badge.bot').allInnerTexts()).toEqual(['Computer player, easy', 'Computer player, strong']);

    const read = async () => {
      const r = (await env.table.store.get(matchId))!;
      return { version: r.version, status: r.status, state: r.state as DutchMemoryState };
    };
    /** Clicks, then the button; false when the match moved on first (a computer's snap) and the button went. */
    async function act(clicks: number[], button: string | RegExp): Promise<boolean> {
      const before = await pageVersion(a);
      for (const slot of clicks) await a.locator(`.dm-card[data-seat="0"][data-slot="${slot}"]`).click();
      const btn = a.getByRole('button', { name: button, exact: typeof button === 'string' });
      if (
        !(await btn.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        ))
      )
        return false;
      await btn.click();
      await waitVersion(a, before + 1);
      const notice = a.locator('.notice.error');
      if ((await notice.count()) > 0) {
        // Only a race with a computer's move may refuse a click; the page then shows the match afresh.
        expect(await notice.innerText()).toContain('The match changed before your move arrived');
        await notice.getByRole('button', { name: 'Dismiss' }).click();
        return false;
      }
      return true;
    }

    let ownTurns = 0;
    let looked = false;
    for (let guard = 0; ; guard++) {
      expect(guard, 'round 1 should be counted by now').toBeLessThan(400);
      const { version: v, status, state: s } = await read();
      if (status !== 'active' || s.history.length > 0) break;
      await waitVersion(a, v);
      if (s.phase === 'look') {
        if (!s.looked[0] && !looked) looked = await act([0, 1], 'Look at these two cards');
        else await a.waitForTimeout(200);
        const ok = a.getByRole('button', { name: /^OK$|hide$/ });
        if ((await ok.count()) > 0) await ok.click();
        continue;
      }
      const front = s.pending[0];
      if (front?.seat === 0) {
        await act([], /^Skip|^Keep all/);
        continue;
      }
      if (!front && s.turn.seat === 0 && s.turn.step === 'start') {
        if (ownTurns >= 3 && s.caller === null) {
          await a.getByRole('button', { name: 'Call Dutch…' }).click();
          await act([], 'Yes, call Dutch');
        } else if (await act([], 'Draw a card')) ownTurns++;
        continue;
      }
      if (!front && s.turn.seat === 0 && s.turn.step === 'drawn') {
        await act([], /^Discard the drawn /);
        continue;
      }
      // A computer's turn (or its power): its move comes through polling.
      await nudge(a);
      await a.waitForTimeout(250);
    }
    expect(ownTurns).toBeGreaterThan(0);

    const end = await read();
    const round = end.state.history[0]!;
    await waitVersion(a, end.version);
    const row = a.locator('.dm-sheet-table tbody tr[data-round="1"]');
    await row.waitFor();
    expect((await row.locator('td').allInnerTexts()).map((x) => Number.parseInt(x, 10))).toEqual([...round.scores]);
    await a.screenshot({ path: `${env.artifacts}/bots-05-memory-round-counted.png`, fullPage: true });
    // Both computers played their seats through the platform.
    const log = await env.table.store.fullLog(matchId);
    for (const [seat, level] of [
      [1, 'easy'],
      [2, 'strong'],
    ] as const) {
      const moves = log.filter((l) => l.kind === 'move' && l.seat === seat);
      expect(moves.length, `seat ${seat} moved`).toBeGreaterThan(0);
      expect(moves.every((l) => l.bot === level)).toBe(true);
    }
    expect(errors).toEqual([]);
    await ctx.close();
  }, 400_000);

  it('a player hands their seat to a computer and takes it back; a missed deadline hands it over and the page says how to take it back; invites only for friends', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const a = await ctx.newPage();
    const base = env.server.url;

    // Golden Age among three: a friend in seat 2, a computer in seat 3; a day per move, and a computer
    // plays for whoever misses a deadline.
    await openForm(a, /The Dutch Golden Age/, 'Ann');
    await a.getByRole('combobox', { name: 'Seat 3', exact: true }).selectOption('strong');
    await a.getByLabel('Move deadline').selectOption('1');
    await a.getByLabel('When a deadline passes').selectOption('bot');
    expect(await a.locator('#timing-deadline-hint').innerText()).toContain('a computer player takes over their seat');
    await a.screenshot({ path: `${env.artifacts}/bots-06-form-seats-deadline.png`, fullPage: true });
    await expectAccessible(a, 'create form with seat choices and the missed-deadline rule');
    // Enter in a field means "Create the match" (not "Play against the computer", which comes first on the form).
    await a.getByLabel(/Your name/).press('Enter');
    await a.locator('main.match[data-status="open"]').waitFor();
    const matchId = matchIdOf(a);
    // One invite, for the friend's seat; none for the computer's (the share panel is a lazily loaded part).
    await a.locator('#invite-1').waitFor();
    expect(await a.locator('#invite-1').count()).toBe(1);
    expect(await a.locator('#invite-2').count()).toBe(0);
    expect(await a.locator('.players .badge.bot').innerText()).toBe('Computer player, strong');
    expect(await a.locator('#turn-line').innerText()).toContain('Waiting for one more player to join.');
    await expectAccessible(a, 'waiting for a friend, with a computer seat');

    // Bob opens his invite: it says a computer plays one seat; he joins.
    const ctxB = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const b = await ctxB.newPage();
    await b.goto(await a.locator('#invite-1').inputValue());
    const facts = await b.locator('[data-fact="seats"]').innerText();
    expect(facts).toContain('Ann has joined, and a computer plays one seat; yours is the last open seat.');
    await b.getByLabel(/Your name/).fill('Bob');
    await b.getByRole('button', { name: 'Join the match' }).click();
    await b.locator('main.match[data-status="active"]').waitFor({ timeout: 20_000 });
    const bob = { seat: 1, token: await storedToken(b, matchId, 1), url: '' };
    await ctxB.close();
    await a.locator('main.match[data-status="active"]').waitFor({ timeout: 20_000 });
    expect((await env.table.store.get(matchId))!.timing).toMatchObject({ deadlineDays: 1, onDeadline: 'bot' });
    await openMatchMenu(a);
    expect(await a.locator('.match-options .policy').innerText()).toContain('computer');

    // Ann lets a computer play for her (easy), then takes her seat back with the button.
    await a.locator('details.away summary').click();
    await expectAccessible(a, 'the offer to let a computer play');
    await a.getByLabel('Computer level').selectOption('easy');
    await a.getByRole('button', { name: 'Let the computer play for me' }).click();
    const notice = a.locator('section.notice.standin');
    await notice.waitFor();
    expect(await notice.getAttribute('data-standin')).toBe('asked');
    expect(await notice.innerText()).toContain('as you asked');
    expect(await a.locator('.players li', { hasText: '(you)' }).locator('.badge.bot').innerText()).toBe('A computer (easy) plays for you');
    expect((await env.table.store.get(matchId))!.seats[0]!.bot).toEqual({ level: 'easy', standIn: 'asked' });
    await a.screenshot({ path: `${env.artifacts}/bots-07-stand-in-asked.png`, fullPage: true });
    await a.getByRole('button', { name: 'Take my seat back' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    expect(await a.locator('.players li', { hasText: '(you)' }).locator('.badge.bot').count()).toBe(0);
    expect((await env.table.store.get(matchId))!.seats[0]!.bot).toBeUndefined();
    expect(await a.locator('.log').innerText()).toContain('Ann is back and plays their own seat again.');

    // The game goes on (Bob over the API, the computer by itself) until it is Ann's move alone; then
    // her deadline passes (the sweep's step, two days on).
    const ann = { seat: 0, token: await storedToken(a, matchId, 0), url: '' };
    for (let i = 0; i < 80; i++) {
      const m = await readMatch(base, matchId, bob);
      if (m.toAct.length === 1 && m.toAct[0] === 0) break;
      if (m.toAct.includes(bob.seat)) await playMove(base, matchId, bob);
      else if (m.toAct.includes(0)) await playMove(base, matchId, ann);
      else await new Promise((r) => setTimeout(r, 300));
    }
    const before = (await env.table.store.get(matchId))!;
    expect(before.toAct).toEqual([0]);
    const later = new MatchService({ store: env.table.store, games: siteGames(), clock: () => Date.now() + 2 * DAY });
    expect(await later.expireTurn(matchId, 0, before.version)).not.toBe('stale');
    expect((await env.table.store.get(matchId))!.seats[0]!.bot).toEqual({ level: 'strong', standIn: 'deadline' });

    // Ann's page learns of it by polling: it says a computer plays for her, why, and how to come back.
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.getAttribute('data-standin')).toBe('deadline');
    // Screen readers hear it once, from the page's polite live region.
    await expect.poll(() => a.locator('main.match [aria-live]').first().textContent()).toContain('A computer is now playing for you.');
    const words = await notice.innerText();
    expect(words).toContain('Your move deadline passed');
    expect(words).toContain('make your next move yourself');
    expect(await a.locator('.players li', { hasText: '(you)' }).locator('.badge.bot').innerText()).toBe(
      'A computer (strong) plays for you',
    );
    await a.screenshot({ path: `${env.artifacts}/bots-08-stand-in-deadline.png`, fullPage: true });
    await expectAccessible(a, 'a computer plays for me after a missed deadline');
    await a.getByRole('button', { name: 'Take my seat back' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    expect((await env.table.store.get(matchId))!.seats[0]!.bot).toBeUndefined();
    await ctx.close();
  }, 240_000);
});
