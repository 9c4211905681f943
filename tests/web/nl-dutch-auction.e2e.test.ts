/**
 * The auction game (Dutch, the deck-builder) in Dutch and in the pseudo-locale, in real headless
 * Chromium against the real local app:
 * - two Dutch browsers (locale nl-NL) create, join and play the first round by clicks; the board,
 *   its buttons and confirmations, the turn line and the log lines speak Dutch, and axe finds no
 *   A/AA violation on the way; then one resigns, and the result reads in Dutch;
 * - opened in the pseudo-locale (`?lang=en-XA`), the board in its main states — sealing a bid,
 *   phase 3 with a purchase and a power selected, the finished game with its score tables and
 *   result — shows no text, label or title that skipped the catalogs.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { pageVersion, waitForVersionAbove } from './support/auction-clicks.js';
import { e2eSite, openMatchMenu } from './support/e2e.js';
import { makeMatch, playMove, readMatch } from './support/matches.js';
import { openPseudo, unmarkedText } from './support/pseudo.js';

const env = e2eSite('nl-auction-web');

/** The platform's log lines (not the game's), English until the platform's words move to the catalog. */
const PLATFORM_LINES = [/^\w+ joined\.$/, /^Everyone is here: the game has started\.$/];

const logLines = (p: Page) => p.locator('.zone.log .log-text').allTextContents();

/** One step of the player on this page, by clicks and in Dutch: seal the first card aside, buy the cheapest card the bid pays, else finish. */
async function playDutchStep(p: Page): Promise<'sealed' | 'bought' | 'finished' | null> {
  if ((await p.locator('main.match').getAttribute('data-my-turn')) !== 'true') return null;
  if ((await p.locator('.actionbar').count()) === 0) return null;
  const before = await pageVersion(p);
  let did: 'sealed' | 'bought' | 'finished';
  if ((await p.locator('.dutch').getAttribute('data-phase')) === 'commit') {
    await p.locator('[data-zone="hand"] button.card').first().click();
    await expect
      .poll(() => p.getByRole('region', { name: 'Je keuze voor deze ronde' }).innerText())
      .toMatch(/Opzij: de .+\. Bod: de andere 4 kaarten/);
    await p.getByRole('button', { name: 'Mijn bod verzegelen' }).click();
    // Issue 25: the first bid sealed can still be taken back; the second shows both bids and is final
    // (which one this is may change with a poll, so either; tests/web/views.test.ts pins each).
    await p
      .getByText(
        /^Deze keuze verzegelen\? (Zolang het andere bod nog open is, kun je hem met Terugnemen nog herzien|Het andere bod is al verzegeld: beide biedingen komen dan meteen op tafel en de jouwe kun je niet meer terugnemen)\.$/,
      )
      .waitFor();
    await p.getByRole('button', { name: 'Verzegelen', exact: true }).click();
    did = 'sealed';
  } else {
    const bid = await p.locator('[data-zone="my-bid"] [data-card]').count();
    const slots = await p
      .locator('[data-zone="display"] li[data-slot]')
      .evaluateAll((lis) => lis.filter((li) => li.querySelector('button[data-card]')).map((li) => Number(li.getAttribute('data-slot'))));
    const slot = slots.filter((s) => s <= bid).sort((x, y) => x - y)[0];
    if (slot !== undefined) {
      await p.locator(`[data-zone="display"] li[data-slot="${slot}"] button.card`).click();
      const payers = p.locator('[data-zone="my-bid"] button.card');
      for (let i = 0; i < slot; i++) await payers.nth(i).click();
      const buy = p.getByRole('button', { name: new RegExp(`^Koop de .+ \\(plek ${slot}\\) voor ${slot} kaart(en)?$`) });
      await expect.poll(() => buy.count()).toBe(1);
      await buy.click();
      did = 'bought';
    } else {
      await p.getByRole('button', { name: 'Mijn beurt beëindigen' }).click();
      await p.getByText(/^Je beurt beëindigen\?/).waitFor();
      await p.getByRole('button', { name: 'Beëindigen', exact: true }).click();
      did = 'finished';
    }
  }
  await waitForVersionAbove(p, before);
  expect(await p.locator('.notice.error').allInnerTexts()).toEqual([]);
  return did;
}

describe('the auction game in Dutch', () => {
  it('two Dutch browsers create, join and play a round by clicks; board and log speak Dutch; axe finds nothing', async () => {
    const ctxA = await env.browser.newContext({ locale: 'nl-NL', viewport: { width: 1280, height: 900 } });
    await ctxA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    const ctxB = await env.browser.newContext({ locale: 'nl-NL', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    const errors: string[] = [];
    for (const p of [a, b]) p.on('pageerror', (e) => errors.push(e.message));

    // --- Ann creates a match of the auction game; its option speaks Dutch
    await a.goto(`${env.server.url}/`);
    await a.getByLabel('Dutch (veiling-deckbuilder)').check();
    const edition = a.getByLabel('Editie');
    await expect.poll(() => edition.inputValue()).toBe('current');
    expect(await edition.locator('option').allTextContents()).toEqual(['Huidige editie (gepubliceerde regels)', 'Prototype van 2018']);
    await a.getByLabel(/^Je naam/).fill('Ann');
    await a.getByRole('button', { name: 'Partij aanmaken' }).click();
    await a.locator('main.match[data-status="open"]').waitFor();

    // --- Bob joins from the invite link in a browser of his own
    await a.locator('.copy-link', { hasText: 'Uitnodigingslink' }).getByRole('button', { name: 'Link kopiëren' }).click();
    await a.getByText('Gekopieerd.').waitFor();
    const invite = await a.evaluate(() => navigator.clipboard.readText());
    await b.goto(invite);
    await b.getByLabel(/^Je naam/).fill('Bob');
    await b.getByRole('button', { name: 'Meedoen' }).click();
    await b.locator('main.match[data-status="active"]').waitFor();
    await a.locator('main.match[data-status="active"]').waitFor({ timeout: 20_000 });

    // --- round 1, sealing: the board in Dutch
    await a.locator('.dutch[data-phase="commit"]').waitFor();
    expect(await a.locator('#turn-line').innerText()).toBe(
      'Ronde 1: jij bent aan zet. Leg een kaart opzij en verzegel je bod (Bob kiest ook).',
    );
    await a.getByRole('heading', { name: 'Veiling', exact: true }).waitFor();
    expect(await a.locator('.zone.auction .stats-line').innerText()).toMatch(/^Veilingstapel: \d+ kaarten$/);
    await a.getByRole('group', { name: 'Je hand' }).waitFor();
    await a.getByRole('list', { name: 'De uitstalling: plek n kost n kaarten' }).waitFor();
    expect(await a.locator('.zone.opponent .badge').innerText()).toBe('Kiest een bod…');
    expect(await a.getByRole('region', { name: 'Je keuze voor deze ronde' }).innerText()).toContain(
      'Kies de kaart die je bovenop je stapel opzijlegt; de andere kaarten vormen je bod.',
    );
    const firstCard = a.locator('[data-zone="hand"] button.card').first();
    expect(await firstCard.getAttribute('aria-label')).toMatch(
      /^\w+, (\d+ pt|kracht), bod: Je hand: (groene|rode|roze|blauwe) .+, biedt \d+, -?\d+ pt/,
    );
    await expectAccessible(a, 'auction board in Dutch, sealing');

    expect(await playDutchStep(a)).toBe('sealed');
    await a.locator('.dutch .note', { hasText: /^Verzegeld: de .+ opzij; bod .+ \(totaal \d+\)\.$/ }).waitFor();
    expect(await logLines(a)).toContainEqual(expect.stringMatching(/^Ann legde de .+ opzij en verzegelde een bod van .+ en .+\.$/));
    await b.locator('.zone.opponent .badge', { hasText: 'Heeft een bod verzegeld' }).waitFor();
    expect(await logLines(b)).toContain('Ann heeft een kaart opzijgelegd en een bod verzegeld.');
    expect(await playDutchStep(b)).toBe('sealed');

    // --- phase 3: both bids open, the winner acts first
    for (const p of [a, b]) await p.locator('.dutch[data-phase="actions"]').waitFor({ timeout: 20_000 });
    const lines = await logLines(a);
    expect(lines).toContainEqual(expect.stringMatching(/^De biedingen zijn open: Ann bood .+ \(\d+\); Bob bood .+ \(\d+\)\.$/));
    expect(lines).toContainEqual(expect.stringMatching(/^(Ann|Bob) wint het bod \(\d+ tegen \d+\) en is als eerste aan de beurt\.$/));
    const acting = (await a.locator('main.match').getAttribute('data-my-turn')) === 'true' ? a : b;
    await acting.getByRole('region', { name: 'Je acties' }).waitFor();
    expect(await acting.locator('.zone.mine .badge').innerText()).toMatch(/^Won het bod · biedtotaal \d+ · nu aan de beurt$/);
    expect(await acting.locator('.actionbar > p').first().innerText()).toBe(
      'Kies een kaart uit de uitstalling en zoveel kaarten uit je bod als hij kost om hem te kopen, of een krachtkaart en de kaart waarop hij werkt.',
    );
    expect(await acting.locator('#turn-line').innerText()).toMatch(
      /^Ronde 1: jij bent aan zet\. (Gebruik krachten en koop, en beëindig dan je beurt|Je moet)/,
    );
    await expectAccessible(acting, 'auction board in Dutch, phase 3');

    // --- the rest of the round by clicks, until round 2 begins
    const did: string[] = [];
    for (let i = 0; i < 60 && (await a.locator('.dutch').getAttribute('data-round')) === '1'; i++) {
      const step = (await playDutchStep(a)) ?? (await playDutchStep(b));
      if (step) did.push(step);
      else await a.waitForTimeout(150);
    }
    expect(did.filter((d) => d === 'finished')).toHaveLength(2);
    for (const p of [a, b]) await p.locator('.dutch[data-phase="commit"][data-round="2"]').waitFor({ timeout: 20_000 });
    const after = await logLines(a);
    expect(after).toContainEqual(expect.stringMatching(/^(Ann|Bob) is klaar en legde .+ uit het bod af\.$/));
    expect(after).toContainEqual(
      expect.stringMatching(/^De uitstalling schoof op en kreeg \d+ kaart(en)? uit de veilingstapel \(daar nog \d+\)\.$/),
    );
    expect(after).toContainEqual(expect.stringMatching(/^Ann pakte .+\.$/));
    expect(after).toContain('Bob pakte 5 kaarten.');
    if (did.includes('bought'))
      expect(after).toContainEqual(expect.stringMatching(/^(Ann|Bob) kocht de .+ van plek \d en betaalde met .+/));
    await a.locator('.dutch .note', { hasText: /^Ronde 1: (Ann|Bob) won het bod \(\d+ tegen \d+\)\.$/ }).waitFor();
    // The game's lines (the platform's own "joined"/"started" lines are not the game's, and not yet worded).
    const gameLines = after.filter((l) => !PLATFORM_LINES.some((re) => re.test(l)));
    expect(gameLines.join('\n')).not.toMatch(/game\.dutch-auction|[{}]| the | bid /);
    await expectAccessible(b, 'auction board in Dutch, round 2');

    // --- Bob resigns: the result reads in Dutch on both pages (issue 25: it was stored as English)
    await openMatchMenu(b);
    await b.getByRole('button', { name: 'Opgeven' }).click();
    await b.getByRole('button', { name: 'Partij opgeven' }).click();
    for (const p of [b, a]) {
      await p.locator('main.match[data-status="over"]').waitFor({ timeout: 20_000 });
      await expect.poll(() => p.locator('.outcome .summary').innerText(), { timeout: 20_000 }).toBe('Bob gaf op.');
    }
    expect(errors).toEqual([]);
    await ctxA.close();
    await ctxB.close();
  }, 240_000);

  it('the pseudo-locale finds no text outside the catalogs on the board in its main states', async () => {
    const base = env.server.url;
    const m = await makeMatch(base, 'dutch-auction', ['Ann', 'Bob']);
    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    const seat0 = m.seats[0]!;
    // The whole page. Left out, and only these: the platform's own log lines (joined, started, ended),
    // which are still English text on this branch (functions/matches/present.ts, the platform's item).
    const check = async (what: string) => {
      const found = (await unmarkedText(p)).filter(
        (f) => !(f.where === 'span.log-text text' && PLATFORM_LINES.some((re) => re.test(f.text))),
      );
      expect(found, what).toEqual([]);
    };

    // Sealing a bid, with a card picked.
    await openPseudo(p, seat0.url);
    await p.locator('.dutch[data-phase="commit"]').waitFor();
    await p.locator('[data-zone="hand"] button.card').first().click();
    await check('sealing');

    // Phase 3: both sealed by the API; the seat to act picks a purchase, then a power card.
    await playMove(base, m.matchId, m.seats[0]!);
    await playMove(base, m.matchId, m.seats[1]!);
    const a0 = await readMatch(base, m.matchId, m.seats[0]!);
    const actor = m.seats[a0.toAct[0]!]!;
    await openPseudo(p, actor.url);
    await p.locator('.dutch[data-phase="actions"] .actionbar').waitFor();
    await check('phase 3, nothing selected');
    const slot1 = p.locator('[data-zone="display"] li[data-slot="1"] button.card');
    if ((await slot1.count()) > 0) {
      await slot1.click();
      await check('phase 3, a display card selected (hint)');
      await p.locator('[data-zone="my-bid"] button.card').first().click();
      await check('phase 3, a purchase offered');
      await openPseudo(p, actor.url); // a fresh selection
      await p.locator('.dutch[data-phase="actions"] .actionbar').waitFor();
    }
    const power = p.locator('[data-zone="my-bid"] button.card', { has: p.locator('text.star') });
    if ((await power.count()) > 0) {
      await power.first().click();
      await check('phase 3, a power card selected');
    }
    await p.locator('.dutch .actionbar button', { hasText: /⟦/ }).first().waitFor();
    await check('phase 3, finish offered');

    // Finished: the rest of the game by the API, then the score tables and the result.
    for (let i = 0; i < 2000; i++) {
      const r = await readMatch(base, m.matchId, m.seats[0]!);
      if (r.status === 'over') break;
      await playMove(base, m.matchId, m.seats[r.toAct[0]!]!);
    }
    await openPseudo(p, seat0.url);
    await p.locator('.score-table').first().waitFor();
    await check('finished');
    await ctx.close();
  }, 240_000);
});
