/**
 * The Dutch Golden Age board in Dutch and in the pseudo-locale, in real headless Chromium against
 * the real local app (API on DynamoDB Local, the built site).
 *
 * - A Dutch browser (locale nl-NL) plays Ann's part of a 3-player match by clicks — her influence
 *   marker and tokens in the set-up, the roll, a token move, a guild takeover with its question, the
 *   end of her turn — while Bob and Cy move through the API; the board, its buttons, questions,
 *   labels and the turn line are Dutch, and axe finds no A/AA violation.
 * - The pseudo-locale run (every catalog message marked ⟦…⟧) of the board's main states — the
 *   set-up with a place selected, the roll, the actions with a question asked, an auction seen by the
 *   bidder, a finished match with its table of points — finds no text that skipped the catalog on the
 *   whole page: the frame, the board, the engine's log lines and its result.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedRng } from '#shared/engine/random.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import type { GoldenAgeMove } from '#shared/games/golden-age/moves.js';
import type { GoldenAgeState } from '#shared/games/golden-age/state.js';
import { randomMove } from '../games/golden-age/random-player.js';
import { expectAccessible } from './support/axe.js';
import { e2eSite } from './support/e2e.js';
import { catchUp, version } from './support/page-version.js';
import { type MadeMatch, makeMatch } from './support/matches.js';
import { openPseudo, unmarkedText } from './support/pseudo.js';

const env = e2eSite('ga-nl', { artifacts: 'test-artifacts/web/golden-age' });

/** Runs clicks that send one move and waits for the page to show the answer. */
async function moveBy(p: Page, clicks: () => Promise<void>): Promise<number> {
  const before = await version(p);
  await clicks();
  await catchUp(p, before + 1);
  expect(await p.locator('.notice.error').count()).toBe(0);
  return version(p);
}

const province = (p: Page, id: string) => p.locator(`.ga-svg [data-province="${id}"]`);
const button = (p: Page, name: string) => p.locator('.ga-actions').getByRole('button', { name, exact: true });

/** Moves through the API for any seat, keeping the match's version. */
function mover(m: MadeMatch) {
  let v = 0;
  const post = async (seat: number, move: unknown) => {
    const s = m.seats[seat]!;
    if (v === 0) v = (await (await fetch(`${env.server.url}/api/matches/${m.matchId}/seats/${seat}`, auth(s.token))).json()).version;
    const r = await fetch(`${env.server.url}/api/matches/${m.matchId}/seats/${seat}/moves`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.token}` },
      body: JSON.stringify({ expectedVersion: v, move }),
    });
    const body = await r.json();
    if (r.status !== 200) throw new Error(`${JSON.stringify(move)} by seat ${seat}: ${r.status} ${JSON.stringify(body)}`);
    v = body.version;
    return v;
  };
  return { post, version: () => v, setVersion: (n: number) => (v = n) };
}
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** Set-up as in golden-age.e2e: markers Brabant, Holland, Friesland; tokens; the Steward on box 7. */
const SETUP: [number, GoldenAgeMove][] = [
  [0, { kind: 'place-marker', province: 'brabant' }],
  [1, { kind: 'place-marker', province: 'holland' }],
  [2, { kind: 'place-marker', province: 'friesland' }],
  [0, { kind: 'place-token', province: 'utrecht' }],
  [0, { kind: 'place-token', province: 'utrecht' }],
  [1, { kind: 'place-token', province: 'gelderland' }],
  [1, { kind: 'place-token', province: 'gelderland' }],
  [2, { kind: 'place-token', province: 'zeeland' }],
  [2, { kind: 'place-token', province: 'limburg' }],
  [2, { kind: 'place-steward', box: 7 }],
];

/** The board's own parts of the page: the board, the turn line, the final table. */
describe('The Dutch Golden Age board in Dutch', () => {
  it('a Dutch browser plays the set-up and a turn by clicks: the board, its questions and the turn line are Dutch; axe finds nothing', async () => {
    const m = await makeMatch(env.server.url, 'golden-age', ['Ann', 'Bob', 'Cy']);
    const api = mover(m);
    const ctx = await env.browser.newContext({ locale: 'nl-NL', viewport: { width: 1366, height: 900 } });
    const a = await ctx.newPage();
    const errors: string[] = [];
    a.on('pageerror', (e) => errors.push(e.message));
    await a.goto(m.seats[0]!.url);
    await a.locator('.ga').waitFor();
    expect(await a.evaluate(() => document.documentElement.lang)).toBe('nl');

    // Set-up: Ann's marker in Brabant, by clicks.
    expect(await a.locator('#turn-line').innerText()).toContain('Voorbereiding: jij bent aan zet. Leg een invloedsschijf');
    await a.getByRole('heading', { name: 'Jouw zet' }).waitFor();
    await a.getByRole('heading', { name: 'Spelers' }).waitFor();
    await a.getByRole('heading', { name: 'Bank en stapels' }).waitFor();
    await a.getByRole('button', { name: 'Bord vergroten' }).waitFor();
    expect(await a.locator('.ga-actions .hint').first().innerText()).toContain('Kies een vrije provincie op het bord');
    await province(a, 'brabant').click();
    expect(await a.locator('.ga-here h3').innerText()).toBe('Brabant (gele provincie)');
    expect(await a.locator('.ga-here').innerText()).toContain('Speciale actie: investeringskaart (3 gulden).');
    let v = await moveBy(a, () => button(a, 'Leg je invloedsschijf in Brabant').click());
    expect(await province(a, 'brabant').getAttribute('data-marker')).toBe('0');
    await api.post(1, SETUP[1]![1]);
    await api.post(2, SETUP[2]![1]);
    await catchUp(a, api.version());
    for (let i = 0; i < 2; i++) {
      await province(a, 'utrecht').click();
      v = await moveBy(a, () => button(a, 'Zet een pion in Utrecht').click());
    }
    api.setVersion(v);
    for (const [seat, move] of SETUP.slice(5)) await api.post(seat, move);
    await catchUp(a, api.version());

    // Turn 1: the roll, by click.
    expect(await a.locator('#turn-line').innerText()).toContain('Beurt 1: jij bent aan zet. Gooi de dobbelstenen');
    expect(await a.locator('.ga-steward-line').innerText()).toMatch(/^De Rentmeester staat op vak 7: /);
    v = await moveBy(a, () => button(a, 'Gooi de dobbelstenen').click());
    expect(await a.locator('.ga-roll-line').innerText()).toMatch(/^Ann gooide [1-6] en [1-6]: \d+ stappen, van vak 7 naar vak \d+\.$/);
    expect(await a.locator('.ga-roll').getAttribute('aria-label')).toMatch(/^Laatste worp: Ann gooide /);
    expect(await a.locator('#turn-line').innerText()).toContain('Beurt 1: jij bent aan zet. Doe de acties die je wilt');

    // A token from Utrecht to Holland: select Utrecht, click Holland on the map.
    await province(a, 'utrecht').click();
    await expect.poll(() => province(a, 'holland').getAttribute('aria-label')).toMatch(/Zet hier een pion neer\.$/);
    expect(await a.locator('.ga-here').innerText()).toContain('Een pion verplaatsen kan ook door');
    v = await moveBy(a, () => province(a, 'holland').click());
    expect(await a.locator('.ga-player[data-seat="0"] .ga-money').innerText()).toMatch(/^Geld: \d+½ gulden$/);

    // The yellow guild: its question, in Dutch, then paid.
    await a.locator('.ga-svg [data-guild="yellow"]').click();
    await button(a, 'Neem het gele gilde over voor 3 gulden').click();
    await a.locator('.ga-actions .confirm').getByText('Het gele gilde overnemen voor 3 gulden?').waitFor();
    await expectAccessible(a, 'the Dutch board with a question asked');
    v = await moveBy(a, () => a.locator('.ga-actions .confirm').getByRole('button', { name: '3 gulden betalen' }).click());
    expect(await a.locator('.ga-svg [data-guild="yellow"]').getAttribute('data-holder')).toBe('0');
    expect(await a.locator('.ga-svg [data-guild="yellow"]').getAttribute('aria-label')).toMatch(
      /^Gilde geel\. In handen van: invloedsschijf van Ann.*\. Overnemen kost [\d½]+ gulden\.$/,
    );
    await a.screenshot({ path: `${env.artifacts}/nl-01-actions.png`, fullPage: true });

    // The end of the turn, with its question; then Bob is to roll.
    await button(a, 'Beëindig mijn beurt').click();
    await a
      .locator('.ga-actions .confirm')
      .getByText(/^Je beurt beëindigen\?/)
      .waitFor();
    v = await moveBy(a, () => button(a, 'Ja, beëindig mijn beurt').click());
    expect(await a.locator('#turn-line').innerText()).toContain('Beurt 2: wachten tot Bob de dobbelstenen gooit.');
    expect(await a.locator('.ga-player[data-seat="0"] .ga-score').innerText()).toMatch(/^Punten: \d+ \/ \d+$/);
    await expectAccessible(a, 'the Dutch board, waiting for Bob');
    expect(errors).toEqual([]);
    await ctx.close();
  }, 180_000);

  it('three Dutch browsers create and join a match through the Dutch pages and play the set-up round by clicks', async () => {
    const ctxs = await Promise.all(
      [0, 1, 2].map(() => env.browser.newContext({ locale: 'nl-NL', viewport: { width: 1366, height: 900 } })),
    );
    const [a, b, c] = await Promise.all(ctxs.map((x) => x.newPage()));
    const errors: string[] = [];
    for (const p of [a!, b!, c!]) p.on('pageerror', (e) => errors.push(e.message));

    // Ann creates the match on the Dutch home page: the game's name and the player count in Dutch.
    await a!.goto(`${env.server.url}/`);
    await a!.getByLabel('De Gouden Eeuw').check();
    await expect.poll(() => a!.getByRole('combobox', { name: 'Spelers' }).inputValue()).toBe('3');
    await a!.getByLabel(/^Je naam/).fill('Ann');
    await a!.getByRole('button', { name: 'Partij aanmaken' }).click();
    await a!.locator('main.match[data-status="open"]').waitFor();

    // Bob and Cy join by their invite links, on the Dutch invite page.
    for (const [seat, p, name] of [
      [1, b!, 'Bob'],
      [2, c!, 'Cy'],
    ] as const) {
      await a!.locator(`#invite-${seat}`).waitFor();
      await p.goto(await a!.locator(`#invite-${seat}`).inputValue());
      await p.getByLabel(/^Je naam/).fill(name);
      await p.getByRole('button', { name: 'Meedoen' }).click();
      await p.locator('main.match').waitFor();
    }
    for (const p of [a!, b!, c!]) await p.locator('main.match[data-status="active"] .ga').waitFor({ timeout: 20_000 });

    // The set-up round: each places an influence marker by clicks, in Dutch, in turn.
    const picks = [
      [a!, 'brabant', 'Brabant'],
      [b!, 'holland', 'Holland'],
      [c!, 'zeeland', 'Zeeland'],
    ] as const;
    for (const [p, id, name] of picks) {
      await p.reload();
      await expect.poll(() => p.locator('#turn-line').innerText()).toContain('Voorbereiding: jij bent aan zet. Leg een invloedsschijf');
      await province(p, id).click();
      await moveBy(p, () => button(p, `Leg je invloedsschijf in ${name}`).click());
      expect(await province(p, id).getAttribute('data-marker')).not.toBeNull();
    }
    await a!.reload();
    await a!.locator('.ga').waitFor();
    // The log says the others' moves in Dutch, with the players' names. Whether Bob's line is "since you
    // last looked" or folded under "Earlier" depends on whether Ann's page saw his move before the reload,
    // so the log's whole text is read (a folded line is still in the log), not only what is unfolded.
    for (const line of ['Bob zette een invloedsschijf in Holland.', 'Cy zette een invloedsschijf in Zeeland.'])
      await expect.poll(() => a!.locator('.log').textContent(), { timeout: 30_000 }).toContain(line);
    await expectAccessible(c!, 'the Dutch board after the markers of the set-up');
    expect(errors).toEqual([]);
    await Promise.all(ctxs.map((x) => x.close()));
  }, 180_000);

  it('the pseudo-locale run of the board finds no unmarked text: set-up, roll, actions with a question, an auction, a finished match', async () => {
    const m = await makeMatch(env.server.url, 'golden-age', ['Ann', 'Bob', 'Cy']);
    const api = mover(m);
    const ctx = await env.browser.newContext({ locale: 'en-GB', viewport: { width: 1366, height: 900 } });
    const a = await ctx.newPage();
    const unmarked = async (p: Page) => unmarkedText(p);

    // The set-up, a province selected: its facts and the action to take there.
    await openPseudo(a, m.seats[0]!.url);
    await a.locator('.ga').waitFor();
    await province(a, 'brabant').click();
    await a.locator('.ga-here button').first().waitFor();
    expect(await unmarked(a)).toEqual([]);

    // The roll: the Steward on its box, the hint to roll.
    for (const [seat, move] of SETUP) await api.post(seat, move);
    await catchUp(a, api.version());
    await a.locator('.ga-steward-line').waitFor();
    expect(await unmarked(a)).toEqual([]);

    // The actions: the dice drawn, a province selected with its targets, then a guild's question.
    await api.post(0, { kind: 'roll' });
    await catchUp(a, api.version());
    await a.locator('.ga-roll-line').waitFor();
    await province(a, 'utrecht').click();
    await expect.poll(() => province(a, 'holland').getAttribute('class')).toContain('target');
    expect(await unmarked(a)).toEqual([]);
    await a.locator('.ga-svg [data-guild="yellow"]').click();
    await a.locator('.ga-here[data-place="guild:yellow"] button[data-move="take-guild"]').click();
    await a.locator('.ga-actions .confirm').waitFor();
    expect(await unmarked(a)).toEqual([]);

    // An auction of Ann's yellow action, seen by Bob, who is to bid.
    await api.post(0, { kind: 'auction', province: 'brabant' });
    const b = await ctx.newPage();
    await openPseudo(b, m.seats[1]!.url);
    await b.locator('.ga-auction[data-bidder="1"]').waitFor();
    await b.locator('.ga-bids button').first().waitFor();
    expect(await unmarked(b)).toEqual([]);
    await b.locator('.ga-bids button').first().click();
    await b.locator('.ga-actions .confirm').waitFor();
    expect(await unmarked(b)).toEqual([]);

    // A finished match: played to one move before the end in the stored state, the last move through the API.
    const done = await makeMatch(env.server.url, 'golden-age', ['Ann', 'Bob', 'Cy']);
    const record = (await env.table.store.get(done.matchId))!;
    let s = record.state as GoldenAgeState;
    let rng = seedRng('nl-golden-age-end');
    let last: [number, GoldenAgeMove] | null = null;
    for (let i = 0; i < 20_000 && !last; i++) {
      const seat = goldenAge.toAct(s)[0]!;
      const [move, next] = randomMove(s, seat, rng, 0.15);
      rng = next;
      const r = goldenAge.apply(s, seat, move, { now: 0 });
      if (!r.ok) throw new Error(r.error.code);
      if (r.value.state.phase === 'over') last = [seat, move];
      else s = r.value.state;
    }
    expect(last).not.toBeNull();
    expect(
      await env.table.store.commit({
        match: { ...record, version: record.version + 1, state: s, toAct: goldenAge.toAct(s) },
        expectedVersion: record.version,
      }),
    ).toEqual({ ok: true });
    const end = mover(done);
    end.setVersion(record.version + 1);
    await end.post(last![0], last![1]);
    await openPseudo(a, done.seats[0]!.url);
    await a.locator('.score-breakdown').waitFor();
    await a.locator('.ga-winner').waitFor();
    expect(await unmarked(a)).toEqual([]);
    await ctx.close();
  }, 180_000);
});
