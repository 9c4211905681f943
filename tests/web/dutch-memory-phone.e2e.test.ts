/**
 * The memory game's create form and its Marmot board on a 390×844 phone, in real headless Chromium
 * against the real local app (issue 13, items 18 and 19, and the web half of items 3 and 5):
 * - the form shows each rule set's real values (the memory aid ticked, Marmot's own choices once
 *   Marmot is picked, the 24-hour snap window in hours), its hints say more than the labels, and the
 *   match created gets what the form showed;
 * - a four-player Marmot board, with benches grown past four cards, never scrolls sideways;
 * - the board offers to snap another player's card under Marmot, and the snap goes through.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cardFace } from '#shared/games/dutch-memory/cards.js';
import { DEFAULT_SNAP_WINDOW_MS, HOUR_MS, resolveRules } from '#shared/games/dutch-memory/presets.js';
import { type PlainState, toPlain } from '#shared/games/dutch-memory/plain.js';
import type { DutchMemoryState } from '#shared/games/dutch-memory/state.js';
import { cardName } from '../../web/src/games/dutch-memory/logic.js';
import { client, type Seat } from '../support/api.js';
import { e2eSite } from './support/e2e.js';
import { loadGameWords, loadLanguage } from '../../web/src/i18n.js';

// The board's words (and the card names the test looks for) from the English catalog.
beforeAll(async () => {
  await loadLanguage('en');
  await loadGameWords('dutch-memory');
});

const env = e2eSite('dm-phone');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** How far the page reaches past the right edge of the screen (0: no sideways scrolling). */
const overflow = (p: Page) =>
  p.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth);

/** The option fields of the create form: label text, hint text, and the value shown. */
async function optionRows(p: Page) {
  return p.locator('form .check, form .field').evaluateAll((els) =>
    els.flatMap((el) => {
      const control = el.querySelector<HTMLInputElement | HTMLSelectElement>('[id^="opt-"]');
      if (!control) return [];
      const hint = el.querySelector('.muted')?.textContent?.trim() ?? '';
      const text = el.querySelector('span')?.textContent?.trim() ?? '';
      const label = hint ? text.slice(0, text.length - hint.length).trim() : text;
      const value = control instanceof HTMLInputElement && control.type === 'checkbox' ? control.checked : control.value;
      return [{ key: control.id.slice(4), label, hint, value }];
    }),
  );
}

describe('Dutch, the memory game, on a phone', () => {
  it('the create form shows each rule set’s real values, hints that add to the labels, and creates what it shows', async () => {
    const ctx = await env.browser.newContext(PHONE);
    const p = await ctx.newPage();
    try {
      await p.goto(`${env.server.url}/`);
      await p.getByLabel('Dutch (memory card game)').check();
      await p.locator('#opt-memoryAid').waitFor();
      await expect.poll(async () => (await optionRows(p)).length).toBeGreaterThan(15);

      const bench = Object.fromEntries((await optionRows(p)).map((r) => [r.key, r]));
      // Bench values, the memory aid on, the window in hours.
      expect(bench.preset?.value).toBe('bench');
      expect(bench.memoryAid?.value).toBe(true);
      expect(bench.drawFromDiscard?.value).toBe(true);
      expect(bench.openingDiscard?.value).toBe(true);
      expect(bench.acePower?.value).toBe(false);
      expect(bench.snapOthers?.value).toBe(false);
      expect(bench.jackPower?.value).toBe('swap-different-benches');
      expect(bench.cardValues?.value).toBe('bench');
      expect(bench.firstDealer?.value).toBe('last-seat');
      expect(bench.penaltyCards?.value).toBe('1');
      expect(bench.endScore?.value).toBe('100');
      expect(bench.snapWindowMs?.value).toBe(String(DEFAULT_SNAP_WINDOW_MS / HOUR_MS));
      expect(bench.snapWindowMs?.label).toMatch(/hours/);
      // Every option has a hint, and no hint says its label again.
      for (const r of Object.values(bench)) {
        expect(r.hint, r.key).not.toBe('');
        expect(r.hint.toLowerCase(), r.key).not.toContain(r.label.toLowerCase());
      }
      expect(await overflow(p)).toBeLessThanOrEqual(0);

      // A choice of one's own, then Marmot: every option follows Marmot, the memory aid stays on.
      await p.locator('#opt-acePower').check();
      await p.locator('#opt-preset').selectOption('marmot');
      await expect.poll(async () => (await optionRows(p)).find((r) => r.key === 'drawFromDiscard')?.value).toBe(false);
      const marmot = Object.fromEntries((await optionRows(p)).map((r) => [r.key, r]));
      const want = resolveRules({ preset: 'marmot' });
      for (const key of ['drawFromDiscard', 'openingDiscard', 'acePower', 'penaltyCardSeen', 'snapOthers', 'memoryAid'] as const) {
        expect(marmot[key]?.value, key).toBe(want[key]);
      }
      for (const key of [
        'jackPower',
        'cardValues',
        'callerLowest',
        'callerNotLowest',
        'callerTies',
        'emptyBench',
        'tieBreak',
        'othersSnap',
        'firstDealer',
      ] as const) {
        expect(marmot[key]?.value, key).toBe(want[key]);
      }
      expect(marmot.memoryAid?.value).toBe(true);
      // Back to bench: the Ace power goes back to the bench value too.
      await p.locator('#opt-preset').selectOption('bench');
      await expect.poll(async () => (await optionRows(p)).find((r) => r.key === 'acePower')?.value).toBe(false);
      await p.locator('#opt-preset').selectOption('marmot');
      await expect.poll(async () => (await optionRows(p)).find((r) => r.key === 'acePower')?.value).toBe(true);

      // The window in hours: 6 hours is sent as milliseconds.
      await p.locator('#opt-snapWindowMs').fill('6');
      await p.getByLabel('Your name').fill('Ann');
      await p.screenshot({ path: `${env.artifacts}/dm-phone-01-create-marmot.png`, fullPage: true });
      await p.getByRole('button', { name: 'Create the match' }).click();
      await p.locator('main.match[data-status="open"]').waitFor();
      const matchId = new URL(p.url()).pathname.split('/')[2]!;
      const stored = await env.table.store.get(matchId);
      expect(stored?.options).toEqual({ ...want, snapWindowMs: 6 * HOUR_MS });
    } finally {
      await ctx.close();
    }
  });

  it('a four-player Marmot board never scrolls sideways at 390×844, and offers to snap another player’s card', async () => {
    const api = client({ request: (path, init) => fetch(`${env.server.url}${path}`, init) });
    const { matchId, seats } = await api.started('dutch-memory', 4, { preset: 'marmot' });
    const stateOf = async () => (await env.table.store.get(matchId))!;
    /** A stored state (compact) in the readable form. */
    const readable = (state: unknown): PlainState => {
      expect((state as DutchMemoryState).format).toBe(2);
      return toPlain(state as DutchMemoryState);
    };
    const look = await stateOf();
    for (const s of seats) expect((await api.move(matchId, s, look.version, { kind: 'look', slots: [0, 1] })).status).toBe(200);

    const ctx = await env.browser.newContext(PHONE);
    const p = await ctx.newPage();
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    try {
      // Seat 0's own page; the match's first player then draws and discards.
      await p.goto(`${env.server.url}/m/${matchId}#seat=0&token=${seats[0]!.token}&game=dutch-memory`);
      await p.locator('.dm-bench[data-seat="3"]').waitFor();
      await p.screenshot({ path: `${env.artifacts}/dm-phone-02-marmot-start.png`, fullPage: true });
      expect(await overflow(p)).toBeLessThanOrEqual(0);

      // Benches grow past four: every other seat makes snaps that miss (a penalty card each).
      let rec = await stateOf();
      let state = readable(rec.state);
      const mover = seats[state.turn.seat]!;
      expect((await api.move(matchId, mover, rec.version, { kind: 'draw-and-discard' })).status).toBe(200);
      for (let round = 0; round < 2; round++) {
        for (const s of seats.slice(1)) {
          rec = await stateOf();
          state = readable(rec.state);
          if (state.pending.length > 0) {
            const front = state.pending[0]!;
            expect((await api.move(matchId, seats[front.seat]!, rec.version, { kind: 'skip' })).status).toBe(200);
            rec = await stateOf();
            state = readable(rec.state);
          }
          const top = state.pile[state.pile.length - 1]!;
          const slot = state.benches[s.seat]!.findIndex((b) => b !== null);
          expect((await api.move(matchId, s, rec.version, { kind: 'snap', on: top.serial, slot })).status).toBe(200);
        }
      }
      // A fresh discard for seat 0 to aim at.
      rec = await stateOf();
      state = readable(rec.state);
      while (state.pending.length > 0) {
        expect((await api.move(matchId, seats[state.pending[0]!.seat]!, rec.version, { kind: 'skip' })).status).toBe(200);
        rec = await stateOf();
        state = readable(rec.state);
      }
      if (state.turn.step === 'start') {
        expect((await api.move(matchId, seats[state.turn.seat]!, rec.version, { kind: 'draw-and-discard' })).status).toBe(200);
        rec = await stateOf();
        state = readable(rec.state);
      }
      expect(Math.max(...state.benches.map((b) => b.length))).toBeGreaterThan(4);
      await p.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect
        .poll(async () => Number(await p.locator('main.match').getAttribute('data-version')), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(rec.version);
      await p.screenshot({ path: `${env.artifacts}/dm-phone-03-marmot-board.png`, fullPage: true });
      expect(await overflow(p)).toBeLessThanOrEqual(0);
      // Nothing on the board sticks out past the screen's right edge either (hidden overflow would clip cards).
      const past = await p
        .locator('.dm .dm-card')
        .evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).length);
      expect(past).toBe(0);

      // Marmot: seat 0 may play another player's card onto the open discard.
      const top = state.pile[state.pile.length - 1]!;
      expect(top.closed).toBe(false);
      const target: Seat = seats[1]!;
      const slot = state.benches[target.seat]!.findIndex((b) => b !== null);
      await p.locator(`.dm-card[data-seat="${target.seat}"][data-slot="${slot}"]`).click();
      // Named by the discard it aims at: covered discards still inside the window are offered too.
      const snap = p.getByRole('button', { name: new RegExp(`^Snap P1's card in .* onto the ${cardName(cardFace('marmot', top.card))}$`) });
      await snap.waitFor({ timeout: 10_000 });
      await snap.click();
      await expect.poll(async () => (await stateOf()).version, { timeout: 20_000 }).toBeGreaterThan(rec.version);
      const after = readable((await stateOf()).state);
      const log = after.pile.some((c) => c.card === state.benches[target.seat]![slot]!.card);
      const back = after.benches[target.seat]![slot]?.card === state.benches[target.seat]![slot]!.card;
      // Either it matched (on the pile, P1 got a new card there) or it missed (back in place, seen by all).
      expect(log !== back).toBe(true);
      expect(after.benches[target.seat]![slot]).not.toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
