/**
 * The memory game's board in Dutch and in the pseudo-locale, in real headless Chromium against the
 * real local app:
 * - the pseudo-locale run (tests/web/support/pseudo.ts) of the whole page finds no text
 *   that skipped the catalog in each main state: the starting look (with a selection, and the faces
 *   shown once), a turn with a drawn card (and a card selected to swap it in), a Queen's or Jack's
 *   power waiting (with a target selected), a snap window open and a covered discard still in the
 *   minimum snap window, Dutch called, and round 1 counted with its score sheet: the frame, the board,
 *   and the engine's log lines;
 * - two Dutch browsers (`nl-NL`) create and join a match through the Dutch form and play round 1 to
 *   its count only by clicks, reading Dutch on the board (look, hints, buttons, banners, card names,
 *   the score sheet), with axe on the board in Dutch.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DutchMemoryMove } from '#shared/games/dutch-memory/moves.js';
import type { DutchMemoryState } from '#shared/games/dutch-memory/state.js';
import type { DutchMemoryView } from '#shared/games/dutch-memory/view.js';
import { expectAccessible } from './support/axe.js';
import { e2eSite } from './support/e2e.js';
import { version, waitVersion } from './support/page-version.js';
import { type MadeMatch, makeMatch, playMove, readMatch } from './support/matches.js';
import { openPseudo, unmarkedText } from './support/pseudo.js';

const env = e2eSite('nl-dm-web');

const cardAt = (p: Page, seat: number, slot: number) => p.locator(`.dm-card[data-seat="${seat}"][data-slot="${slot}"]`);

interface Answer {
  version: number;
  toAct: number[];
  view: DutchMemoryView;
  legalMoves: DutchMemoryMove[];
}
const read = (m: MadeMatch, seat: number) => readMatch(env.server.url, m.matchId, m.seats[seat]!) as Promise<unknown> as Promise<Answer>;
const play = (m: MadeMatch, seat: number, move: DutchMemoryMove) => playMove(env.server.url, m.matchId, m.seats[seat]!, () => move);

/** The one move the match waits for, made through the API: a power skipped, else a draw, else the drawn card discarded. */
async function forced(m: MadeMatch): Promise<{ seat: number; move: DutchMemoryMove }> {
  const a = await read(m, 0);
  const seat = a.toAct[0]!;
  const legal = (await read(m, seat)).legalMoves;
  const move = (['skip', 'draw', 'discard'] as const).map((k) => legal.find((x) => x.kind === k)).find(Boolean);
  if (!move) throw new Error(`no forced move for seat ${seat}: ${JSON.stringify(legal)}`);
  await play(m, seat, move);
  return { seat, move };
}

describe('the memory board in Dutch and in the pseudo-locale', () => {
  it('the pseudo-locale run of the board finds no unmarked text in its main states', async () => {
    const m = await makeMatch(env.server.url, 'dutch-memory', ['Ann', 'Bob'], { options: { memoryAid: false } });
    const ctxs = [await env.browser.newContext({ locale: 'en-GB' }), await env.browser.newContext({ locale: 'en-GB' })];
    const pages = await Promise.all(ctxs.map((c) => c.newPage()));
    for (const [seat, p] of pages.entries()) await openPseudo(p, m.seats[seat]!.url);
    const seen = new Set<string>();
    /** The seat's page at the match's present version, checked; `marks` are the parts the state must show. */
    const check = async (seat: number, state: string, marks: string[] = [], reload = true) => {
      const p = pages[seat]!;
      if (reload) {
        const v = (await read(m, seat)).version;
        await p.reload();
        await p.locator(`main.match[data-version="${v}"]`).waitFor();
      }
      for (const s of ['.dm', ...marks]) await p.locator(s).first().waitFor();
      expect(await unmarkedText(p), state).toEqual([]);
      seen.add(state);
    };

    // The starting look: nothing chosen, two cards chosen (hint and button), the faces shown once.
    const a = pages[0]!;
    await check(0, 'look', ['[data-phase="look"]'], false);
    await cardAt(a, 0, 0).click();
    await check(0, 'look, one card chosen', ['.dm-actions p'], false);
    await cardAt(a, 0, 1).click();
    await check(0, 'look, two cards chosen', ['.dm-actions button.primary'], false);
    await a.locator('.dm-actions button.primary').click();
    await check(0, 'look, faces shown', ['[data-reveal="open"]'], false);
    await a.locator('[data-reveal="open"] button').click();
    await check(0, 'look, waiting for the other player');
    await play(m, 1, { kind: 'look', slots: [0, 1] });

    // Turns until a Queen or a Jack is drawn: the drawn card, a card chosen to swap it in, then discarded.
    let power = false;
    for (let i = 0; i < 60 && !(power && i >= 2); i++) {
      const t = (await read(m, 0)).view.turn!;
      await play(m, t, { kind: 'draw' });
      const held = (await read(m, t)).view.held!.card!;
      if (i === 0) {
        await check(t, 'a drawn card', ['[data-zone="held"]', '.dm-actions']);
        await cardAt(pages[t]!, t, 2).click();
        await check(t, 'a drawn card, a card chosen', ['.dm-actions button.primary'], false);
      }
      await play(m, t, { kind: 'discard' });
      if (i === 0) await check(1 - t, 'snap window open', ['[data-banner="snap"]']);
      if (i === 1) await check(t, 'a covered discard still in the snap window', ['[data-banner="snap-covered"]']);
      const drewPower = held.rank === 'Q' || held.rank === 'J';
      power ||= drewPower;
      if (drewPower) {
        const v = (await read(m, t)).view;
        expect(v.pending[0]?.seat).toBe(t);
        await check(t, 'a power waiting', ['[data-banner="pending"]', '.dm-actions']);
        await cardAt(pages[t]!, 1 - t, 0).click();
        if (held.rank === 'J') await cardAt(pages[t]!, t, 3).click();
        await check(t, 'a power with its target chosen', ['.dm-actions button.primary'], false);
        await check(1 - t, 'the other player waits for a power', ['[data-banner="pending"]']);
        await play(m, t, { kind: 'skip' });
      }
    }
    expect(power).toBe(true);

    // Dutch called, the final turn, and round 1 counted: the new round's look and the score sheet.
    const caller = (await read(m, 0)).view.turn!;
    await play(m, caller, { kind: 'call-dutch' });
    await check(caller, 'Dutch called', ['[data-banner="dutch"]']);
    await check(1 - caller, 'Dutch called, the last turn', ['[data-banner="dutch"]']);
    for (let i = 0; i < 20 && (await read(m, 0)).view.round === 1; i++) await forced(m);
    expect((await read(m, 0)).view.round).toBe(2);
    await check(0, 'round 1 counted', ['[data-banner="round-over"]', '.dm-sheet-table tbody tr[data-round="1"]', 'details.dm-round[open]']);
    expect(seen.size).toBe(15);
    for (const c of ctxs) await c.close();
  }, 240_000);

  it('two Dutch browsers create, join and play round 1 by clicks, with the board in Dutch; axe passes', async () => {
    const ctxs = [await env.browser.newContext({ locale: 'nl-NL' }), await env.browser.newContext({ locale: 'nl-NL' })];
    const pages = await Promise.all(ctxs.map((c) => c.newPage()));
    const [a, b] = pages as [Page, Page];
    const errors: string[] = [];
    for (const p of pages) p.on('pageerror', (e) => errors.push(e.message));

    // Ann makes the match with the Dutch form: the game's options speak Dutch.
    await a.goto(`${env.server.url}/`);
    await a.getByLabel('Dutch (geheugenspel met kaarten)').check();
    await a.getByLabel(/^Geheugensteun/).waitFor();
    expect(await a.locator('#opt-preset option').allInnerTexts()).toEqual(['Bench-regels', 'Marmot-/Tamalou-regels']);
    await a.getByLabel(/^Kaarten van anderen meeleggen/).waitFor();
    await a.getByLabel(/^Je naam/).fill('Ann');
    await a.getByRole('button', { name: 'Partij aanmaken' }).click();
    await a.locator('main.match[data-status="open"]').waitFor();
    const matchId = new URL(a.url()).pathname.split('/')[2]!;
    await b.goto(await a.locator('#invite-1').inputValue());
    await b.getByLabel(/Je naam/).fill('Bob');
    await b.getByRole('button', { name: 'Meedoen' }).click();
    for (const p of pages) await p.locator('main.match[data-status="active"]').waitFor({ timeout: 20_000 });
    const state = async () => {
      const r = (await env.table.store.get(matchId))!;
      return { version: r.version, status: r.status, state: r.state as DutchMemoryState };
    };

    // The starting look, in Dutch.
    for (const [seat, p] of pages.entries()) {
      expect(await p.locator('#turn-line').innerText()).toBe('Ronde 1: kies twee van je kaarten om te bekijken.');
      await p.getByText('Kies twee van je kaarten om te bekijken. Alleen jij ziet ze.').waitFor();
      const before = await version(p);
      await cardAt(p, seat, 0).click();
      await p.getByText('Kies nog één van je kaarten.').waitFor();
      await cardAt(p, seat, 1).click();
      await p.getByRole('button', { name: 'Bekijk deze twee kaarten' }).click();
      await waitVersion(p, before + 1);
      await p.getByRole('heading', { name: 'Je bekeek deze kaarten:' }).waitFor();
      expect(await p.locator('[data-reveal="open"]').innerText()).toContain('De geheugensteun staat aan');
      // A card looked at: where it lies, what it is and who saw it, in Dutch.
      expect(await cardAt(p, seat, 0).getAttribute('aria-label')).toMatch(
        /^Jouw kaart op plek 1 \(linksboven\): (klaveren|ruiten|harten|schoppen) (aas|boer|vrouw|heer|\d+), \d+ punt(en)?; gezien door jou/,
      );
      if (seat === 0) await expectAccessible(p, 'memory board in Dutch, after the look');
      await p.getByRole('button', { name: 'Oké' }).click();
    }
    const status = await a.getByRole('list', { name: 'De ronde' }).innerText();
    expect(status).toContain('Geheugensteun: aan');
    expect(status).toContain('Regels: Bench');

    // Round 1 by clicks: draws, one swap, discards, powers skipped, then Dutch and the final turn.
    let turns = 0;
    let called = false;
    let swapped = false;
    let snapBanner = false;
    for (let guard = 0; ; guard++) {
      expect(guard, 'round 1 should be over by now').toBeLessThan(60);
      const { version: v, status: st, state: s } = await state();
      if (st !== 'active' || s.round > 1) break;
      await Promise.all(pages.map((p) => waitVersion(p, v)));
      const front = s.pending[0];
      const t = s.turn.seat;
      const top = s.pile[s.pile.length - 1];
      if (!snapBanner && top && !top.closed) {
        // The discard on top is open: the other player's page says they may still snap it.
        const banner = pages[1 - t]!.locator('[data-banner="snap"]');
        expect(await banner.innerText()).toMatch(/^Meeleggen kan nog: op de .+ bovenop de aflegstapel mag je nog meeleggen\./);
        snapBanner = true;
      }
      const p = pages[front ? front.seat : t]!;
      const before = await version(p);
      if (front) {
        await p.getByText(/^Er wacht een kracht:/).waitFor();
        await p.getByRole('button', { name: /^(Niet kijken|Niet ruilen|Niets geven|Ik houd al mijn kaarten)$/ }).click();
      } else if (s.turn.step === 'start' && turns >= 2 && !called) {
        await p.getByRole('button', { name: 'Dutch roepen…' }).click();
        await p.getByRole('button', { name: 'Ja, roep Dutch' }).click();
        called = true;
      } else if (s.turn.step === 'start') {
        const line = await p.locator('#turn-line').innerText();
        expect(line).toMatch(
          called ? /^Jij bent aan de beurt \(laatste beurt\): pak een kaart/ : /^Jij bent aan de beurt: pak een kaart.* of roep Dutch\.$/,
        );
        await p.getByRole('button', { name: 'Pak een kaart' }).click();
      } else if (!swapped) {
        await p.getByText(/^Kies een van je kaarten om voor de gepakte kaart te ruilen/).waitFor();
        await cardAt(p, t, 3).click();
        await p.getByRole('button', { name: /^Leg de gepakte .+ op plek 4 \(rechtsonder\)$/ }).click();
        swapped = true;
        turns++;
      } else {
        await p.getByRole('button', { name: /^Leg de gepakte .+ af$/ }).click();
        turns++;
      }
      await waitVersion(p, before + 1);
      expect(await p.locator('.notice.error').count()).toBe(0);
      if (called && s.caller === null) {
        for (const q of pages) {
          await waitVersion(q, before + 1);
          expect(await q.locator('[data-banner="dutch"]').innerText()).toMatch(
            /(Jij hebt|Ann heeft|Bob heeft) Dutch geroepen\. Nog een slotbeurt voor: (jou|Ann|Bob)/,
          );
        }
        await expectAccessible(pages[1 - t]!, 'memory board in Dutch, Dutch called');
      }
    }
    expect(called && swapped && snapBanner).toBe(true);

    // Round 1 counted: the banner, the score sheet and the cards it was counted with, in Dutch.
    const end = await state();
    for (const p of pages) {
      await waitVersion(p, end.version);
      expect(await p.locator('[data-banner="round-over"]').innerText()).toMatch(
        /^Ronde 1 is voorbij\. Scores: .+\. Totalen: .+\. Ronde 2 is gedeeld\.$/,
      );
    }
    await a.getByText(/^Scorebriefje · het spel eindigt na de ronde waarin iemands totaal 100 haalt/).waitFor();
    expect(await a.locator('.dm-sheet-table tfoot th').innerText()).toBe('Totaal');
    expect(await a.locator('details.dm-round[open] summary').innerText()).toBe('Ronde 1: de kaarten bij het tellen (na de slotbeurten)');
    expect(await a.locator('details.dm-round[open]').innerText()).toMatch(
      /(Ann|Bob) riep Dutch (en zat het laagst|maar zat niet het laagst)/,
    );
    await expectAccessible(a, 'memory board in Dutch, round 1 counted');
    expect(errors).toEqual([]);
    for (const c of ctxs) await c.close();
  }, 300_000);
});
