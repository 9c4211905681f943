/**
 * End to end in real headless Chromium against the real local app (API on DynamoDB Local, the
 * built site): three players in three browser contexts create and join a match of Dutch, the
 * memory card game (bench rules, memory aid off), and play its first round to the end only by
 * clicking on their pages — the starting look, draws, exchanges, a correct snap, a wrong snap, a
 * late snap from a page that had not caught up, any Queen or Jack powers that come up, a Dutch
 * call with its confirmation and the final turns — until the score sheet of round 1 is shown.
 *
 * The test plays like a player with perfect memory: it reads the stored match to decide which card
 * to click, but acts only through the pages. Along the way it checks that no page ever holds the
 * id or the name of a card its player has not legitimately seen (checked against the stored match
 * replayed move by move), and that a look with the memory aid off shows the faces once and then
 * hides them. Screenshots of the key moments go to test-artifacts/web/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ALL_CARDS, cardFace, cardLabel, type CardId, snapMatches } from '#shared/games/dutch-memory/cards.js';
import { dutchMemory } from '#shared/games/dutch-memory/index.js';
import { dutchMemoryOptions } from '#shared/games/dutch-memory/moves.js';
import { toPlain } from '#shared/games/dutch-memory/plain.js';
import type { DutchMemoryState } from '#shared/games/dutch-memory/state.js';
import { cardName, positionWords } from '../../web/src/games/dutch-memory/logic.js';
import { e2eSite, SNAPSHOT_SCRIPT, type Snap, setVisible } from './support/e2e.js';
import { version, waitVersion } from './support/page-version.js';
import { loadGameWords, loadLanguage } from '../../web/src/i18n.js';

// The board's words (and the card names the test looks for) from the English catalog.
beforeAll(async () => {
  await loadLanguage('en');
  await loadGameWords('dutch-memory');
});

const env = e2eSite('dm-web');

const cardAt = (p: Page, seat: number, slot: number) => p.locator(`.dm-card[data-seat="${seat}"][data-slot="${slot}"]`);

/** Every way a card could be written on a page: its id, its name in words, its log label. */
function leaks(text: string, hidden: Iterable<string>): string[] {
  const found: string[] = [];
  for (const id of hidden) {
    const idPattern = new RegExp(`(?<![A-Za-z0-9_-])${id}(?![A-Za-z0-9_-])`);
    const face = cardFace('bench', id as CardId);
    if (idPattern.test(text) || text.includes(cardName(face)) || text.includes(cardLabel(id))) {
      if (process.env.DM_DEBUG) {
        const at = Math.max(text.search(idPattern), text.indexOf(cardName(face)), text.indexOf(cardLabel(id)));
        console.log(id, JSON.stringify(text.slice(Math.max(0, at - 300), at + 100)));
      }
      found.push(id);
    }
  }
  return found;
}

describe('Dutch, the memory game, in the browser', () => {
  it('three players create, join and play round 1 to its end by clicks, with a snap, a wrong and a late snap and a Dutch call; no page shows a card its player has not seen', async () => {
    const ctxs: BrowserContext[] = [
      await env.browser.newContext({ viewport: { width: 1280, height: 900 } }),
      await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
      await env.browser.newContext({ viewport: { width: 768, height: 1024 } }),
    ];
    const pages = await Promise.all(ctxs.map((c) => c.newPage()));
    const [a, b, c] = pages as [Page, Page, Page];
    const errors: string[] = [];
    const answers: Promise<{ seat: number; url: string; body: string }>[] = [];
    pages.forEach((p, seat) => {
      p.on('pageerror', (e) => errors.push(e.message));
      p.on('response', (r) => {
        if (r.url().includes('/api/matches/') && r.status() === 200) answers.push(r.text().then((body) => ({ seat, url: r.url(), body })));
      });
    });
    for (const p of pages) await p.addInitScript(SNAPSHOT_SCRIPT);

    // --- Ann creates a three-player match with the memory aid off
    await a.goto(`${env.server.url}/`);
    await a.getByLabel('Dutch (memory card game)').check();
    await a.getByRole('combobox', { name: 'Players', exact: true }).selectOption('3');
    const aid = a.getByLabel(/^Memory aid/);
    // On by default, as the form shows; ticked, then unticked: the form then sends "off".
    expect(await aid.isChecked()).toBe(true);
    await aid.setChecked(true);
    await aid.setChecked(false);
    // No minimum snap window: this match plays a late snap, as at a table.
    await a.locator('#opt-snapWindowMs').fill('0');
    await a.getByLabel('Your name').fill('Ann');
    await a.screenshot({ path: `${env.artifacts}/dm-01-create-desktop.png`, fullPage: true });
    await a.getByRole('button', { name: 'Create the match' }).click();
    await a.locator('main.match[data-status="open"]').waitFor();
    const matchId = new URL(a.url()).pathname.split('/')[2]!;
    const invites = [await a.locator('#invite-1').inputValue(), await a.locator('#invite-2').inputValue()];
    const stored = await env.table.store.get(matchId);
    expect(stored?.options).toMatchObject({ preset: 'bench', memoryAid: false, penaltyCards: 1, snapWindowMs: 0 });

    // --- Bob and Cy join with their invite links
    for (const [p, invite, name] of [
      [b, invites[0]!, 'Bob'],
      [c, invites[1]!, 'Cy'],
    ] as const) {
      await p.goto(invite);
      await p.getByLabel(/Your name/).fill(name);
      await p.getByRole('button', { name: 'Join the match' }).click();
      await p.locator('main.match').waitFor();
    }
    for (const p of pages) await p.locator('main.match[data-status="active"]').waitFor({ timeout: 20_000 });

    /** The stored state (compact), read in the readable form. */
    const read = async () => {
      const r = (await env.table.store.get(matchId))!;
      const stored = r.state as DutchMemoryState;
      expect(stored.format).toBe(2);
      return { version: r.version, status: r.status, state: toPlain(stored) };
    };
    const pos = (slot: number) => positionWords({ layout: 'grid' }, slot);

    // --- the starting look: each player selects two of their cards and looks
    const looks: [number, number][] = [
      [0, 1],
      [2, 3],
      [0, 3],
    ];
    for (const [seat, p] of pages.entries()) {
      const [x, y] = looks[seat]!;
      const before = await version(p);
      await cardAt(p, seat, x).click();
      await cardAt(p, seat, y).click();
      await p.getByRole('button', { name: 'Look at these two cards' }).click();
      await waitVersion(p, before + 1);
      const s = (await read()).state;
      const shown = [s.benches[seat]![x]!.card, s.benches[seat]![y]!.card];
      // The two faces are on show, in place and in the panel, with the memory aid off.
      await p.locator('[data-reveal="open"]').waitFor();
      const onBench = await p
        .locator(`.dm-bench[data-seat="${seat}"] [data-card]`)
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
      expect(onBench.sort()).toEqual([...shown].sort());
      expect(await p.locator('[data-reveal="open"]').innerText()).toContain('memory aid is off');
      if (seat === 0) await a.screenshot({ path: `${env.artifacts}/dm-02-look-reveal-desktop.png`, fullPage: true });
      if (seat === 1) await b.screenshot({ path: `${env.artifacts}/dm-03-look-reveal-phone.png` });
      // ...until the player hides them: then they are face down again.
      await p.getByRole('button', { name: /hide/ }).click();
      expect(await p.locator('[data-reveal="open"]').count()).toBe(0);
      expect(await p.locator('.dm-bench [data-card]').count()).toBe(0);
      for (const id of shown) expect(await p.locator('main').innerHTML()).not.toContain(`data-card="${id}"`);
      // Nor does the browser keep them: no value stored by the page names either card.
      const storedValues = await p.evaluate(() => {
        const out: string[] = [];
        const walk = (v: unknown): void => {
          if (typeof v === 'string') out.push(v);
          else if (v && typeof v === 'object') Object.values(v).forEach(walk);
        };
        for (let i = 0; i < localStorage.length; i++) {
          try {
            walk(JSON.parse(localStorage.getItem(localStorage.key(i)!)!));
          } catch {
            // not JSON: not ours to read
          }
        }
        return out;
      });
      expect(storedValues.length).toBeGreaterThan(0);
      for (const id of shown) expect(storedValues).not.toContain(id);
    }

    // --- play until round 1 has been counted
    let snapped = false;
    let wrongSnap = false;
    let lateSnap = false;
    let dutchCalled = false;
    let bannerChecked = false;
    let turnsPlayed = 0;
    const powers: string[] = [];
    const shot = async (p: Page, file: string, full = false) => p.screenshot({ path: `${env.artifacts}/${file}`, fullPage: full });

    /** Clicks, then the action button, and waits for the page to show the answer. */
    async function act(p: Page, clicks: { seat: number; slot: number }[], button: string | RegExp, shotName?: string) {
      const before = await version(p);
      for (const k of clicks) await cardAt(p, k.seat, k.slot).click();
      const btn = p.getByRole('button', { name: button, exact: typeof button === 'string' });
      await btn.waitFor({ timeout: 10_000 }).catch(async (e: unknown) => {
        await shot(p, 'dm-failed-action.png', true);
        throw e;
      });
      if (shotName) await shot(p, shotName);
      await btn.click();
      await waitVersion(p, before + 1);
      expect(
        await p.locator('.notice.error').count(),
        await p
          .locator('.notice.error')
          .allInnerTexts()
          .then((t) => t.join()),
      ).toBe(0);
    }

    for (let guard = 0; ; guard++) {
      expect(guard, 'the round should be over by now').toBeLessThan(150);
      const { version: v, status, state: s } = await read();
      if (status !== 'active' || s.round > 1) break;
      expect(s.phase).toBe('play');
      await Promise.all(pages.map((p) => waitVersion(p, v)));
      const top = s.pile[s.pile.length - 1];
      const open = !!top && !top.closed;
      const front = s.pending[0];
      const t = s.turn.seat;
      const filled = (seat: number) => s.benches[seat]!.flatMap((x, slot) => (x ? [{ slot, card: x.card }] : []));

      if (front) {
        // A Queen or a Jack was put on the pile: its owner uses the power on the page.
        const p = pages[front.seat]!;
        const other = (front.seat + 1) % 3;
        const target = filled(other)[0]!;
        if (front.kind === 'peek') {
          await act(p, [{ seat: other, slot: target.slot }], `Look at ${['Ann', 'Bob', 'Cy'][other]}'s card in ${pos(target.slot)}`);
          await p.locator('[data-reveal="open"]').waitFor();
          expect(await cardAt(p, other, target.slot).getAttribute('data-card')).toBe(target.card);
          await shot(p, `dm-10-peek-seat${front.seat}.png`);
          await p.getByRole('button', { name: /hide/ }).click();
          expect(await cardAt(p, other, target.slot).getAttribute('data-card')).toBeNull();
        } else if (front.kind === 'swap') {
          const mine = filled(front.seat)[0]!;
          await act(
            p,
            [
              { seat: front.seat, slot: mine.slot },
              { seat: other, slot: target.slot },
            ],
            /^Swap your card in /,
          );
          const after = (await read()).state;
          // (Unless the swap was the round's last move and the next round has been dealt.)
          if (after.round === s.round) {
            expect(after.benches[front.seat]![mine.slot]!.card).toBe(target.card);
            expect(after.benches[other]![target.slot]!.card).toBe(mine.card);
          }
        } else {
          await act(p, [], /^Skip|^Keep all/);
        }
        powers.push(front.kind);
        continue;
      }

      if (open && !snapped) {
        // Whoever holds a card that matches (same rank; a King only on a King of its colour) snaps it — someone
        // other than the player to move, if possible.
        const order = [1, 2, 0].map((k) => (t + k) % 3);
        const snapper = order.map((seat) => ({ seat, hit: filled(seat).find((x) => snapMatches(x.card, top!.card)) })).find((x) => x.hit);
        if (snapper) {
          const name = cardName(cardFace('bench', top!.card));
          // Every page says that the discard can still be snapped, the next player's page that their discard closes it.
          for (const p of pages) {
            const banner = p.locator('[data-banner="snap"]');
            await banner.waitFor();
            expect(await banner.innerText()).toContain(`the ${name} on the discard pile can still be snapped`);
          }
          if (s.turn.step === 'start') {
            expect(await pages[t]!.locator('[data-banner="snap"]').innerText()).toContain('your discard will close it');
            await shot(pages[t]!, `dm-04-snap-banner-next-player-seat${t}.png`);
          }
          bannerChecked = true;
          const p = pages[snapper.seat]!;
          await act(
            p,
            [{ seat: snapper.seat, slot: snapper.hit!.slot }],
            `Snap your card in ${pos(snapper.hit!.slot)} onto the ${name}`,
            `dm-05-snap-choice-seat${snapper.seat}.png`,
          );
          // The snap's own answer shows how it was judged (say which, and what the page showed, if not counted).
          const outcome = p.locator('[data-outcome]');
          await outcome.waitFor();
          expect(await outcome.getAttribute('data-outcome'), await outcome.innerText()).toBe('snapped');
          const after = (await read()).state;
          expect(after.benches[snapper.seat]![snapper.hit!.slot]).toBeNull();
          expect(after.pile[after.pile.length - 1]!.card).toBe(snapper.hit!.card);
          await shot(p, `dm-06-snapped-seat${snapper.seat}.png`);
          snapped = true;
          continue;
        }
      }

      if (open && snapped && !wrongSnap) {
        // A player who is sure of nothing snaps a card that does not match: it is shown and a penalty follows.
        const seat = (t + 1) % 3;
        const miss = filled(seat).find((x) => !snapMatches(x.card, top!.card))!;
        const p = pages[seat]!;
        const countBefore = filled(seat).length;
        await act(p, [{ seat, slot: miss.slot }], /^Snap your card in /);
        const out = p.locator('[data-outcome="failed"]');
        await out.waitFor();
        expect(await out.innerText()).toContain('does not match');
        expect(await out.innerText()).toContain('penalty');
        const after = (await read()).state;
        expect(after.benches[seat]!.filter(Boolean)).toHaveLength(countBefore + 1);
        // Everyone saw the card go back: it is now known to all, so it may be named on every page.
        expect(after.benches[seat]![miss.slot]!.seenBy).toEqual([0, 1, 2]);
        await shot(p, `dm-07-wrong-snap-seat${seat}.png`);
        wrongSnap = true;
        continue;
      }

      if (s.turn.step === 'start') {
        const p = pages[t]!;
        if (!dutchCalled && snapped && wrongSnap && lateSnap && turnsPlayed >= 3) {
          // Calling Dutch asks first.
          await p.getByRole('button', { name: 'Call Dutch…' }).click();
          await p.getByRole('button', { name: 'Yes, call Dutch' }).waitFor();
          await shot(p, `dm-08-dutch-confirm-seat${t}.png`);
          const before = await version(p);
          await p.getByRole('button', { name: 'Yes, call Dutch' }).click();
          await waitVersion(p, before + 1);
          dutchCalled = true;
          const after = await read();
          expect(after.state.caller).toBe(t);
          for (const q of pages) {
            await waitVersion(q, after.version);
            const banner = q.locator('[data-banner="dutch"]');
            await banner.waitFor();
            expect(await banner.innerText()).toMatch(/called Dutch/);
            expect(await banner.innerText()).toContain('Final turns left');
          }
          await shot(pages[(t + 1) % 3]!, `dm-09-dutch-called-next-seat${(t + 1) % 3}.png`);
          continue;
        }
        await act(p, [], 'Draw a card');
        continue;
      }

      if (s.turn.step === 'drawn') {
        const p = pages[t]!;
        const held = s.turn.held!;
        if (snapped && !lateSnap && open) {
          // A late snap: Bob's (or Cy's) page stops refreshing while it shows the open discard; the
          // player to move covers it; then the snap goes out from the page that did not catch up.
          const late = t === 1 ? 2 : 1;
          const lp = pages[late]!;
          await lp.locator('[data-banner="snap"]').waitFor();
          await setVisible(lp, false);
          await act(p, [], /^Discard the drawn /);
          turnsPlayed++;
          const coveredAt = await version(lp);
          expect(coveredAt).toBe(v);
          const mine = filled(late)[0]!;
          const countBefore = filled(late).length;
          await act(lp, [{ seat: late, slot: mine.slot }], /^Snap your card in /);
          const out = lp.locator('[data-outcome="failed"]');
          await out.waitFor();
          expect(await out.innerText()).toContain('too late');
          const after = (await read()).state;
          expect(after.benches[late]!.filter(Boolean)).toHaveLength(countBefore + 1);
          await shot(lp, `dm-08-late-snap-seat${late}.png`, true);
          await setVisible(lp, true);
          lateSnap = true;
          continue;
        }
        // Perfect memory: a discard that someone can snap, else keep the lower card.
        const others = [0, 1, 2].flatMap((seat) => filled(seat).map((x) => x.card));
        const snappable = (card: CardId) => others.some((o) => o !== card && snapMatches(o, card));
        const mine = filled(t);
        const value = (c: CardId) => cardFace('bench', c).value;
        const swapOut = !snapped ? mine.find((x) => snappable(x.card)) : undefined;
        const worst = [...mine].sort((x, y) => value(y.card) - value(x.card))[0];
        if ((!snapped && snappable(held)) || (!swapOut && !(worst && value(worst.card) > value(held)))) {
          await act(p, [], /^Discard the drawn /);
        } else {
          const slot = (swapOut ?? worst)!.slot;
          await act(p, [{ seat: t, slot }], /^Put the drawn /, turnsPlayed === 0 ? 'dm-07-exchange-choice.png' : undefined);
        }
        turnsPlayed++;
        continue;
      }
      throw new Error(`unexpected step ${s.turn.step}`);
    }

    expect(snapped).toBe(true);
    expect(wrongSnap).toBe(true);
    expect(lateSnap).toBe(true);
    expect(dutchCalled).toBe(true);
    expect(bannerChecked).toBe(true);

    // --- round 1 is counted: every page shows its scores and the new round
    const end = await read();
    const record = end.state.history[0]!;
    expect(record.caller).not.toBeNull();
    expect(record.reason).toBe('dutch');
    for (const [seat, p] of pages.entries()) {
      await waitVersion(p, end.version);
      await p.locator('[data-banner="round-over"]').waitFor();
      const row = p.locator('.dm-sheet-table tbody tr[data-round="1"]');
      const cells = await row.locator('td').allInnerTexts();
      expect(cells.map((x) => Number.parseInt(x, 10))).toEqual([...record.scores]);
      expect(await p.locator('.dm-sheet-table tfoot td').allInnerTexts()).toEqual(end.state.totals.map(String));
      expect(await row.innerText()).toMatch(/D[✓✗]/);
      if (seat === 0) await shot(p, 'dm-11-round-over-desktop.png', true);
      if (seat === 1) await shot(p, 'dm-12-round-over-phone.png', true);
    }
    expect(errors).toEqual([]);

    // --- no page ever held a card its player had not legitimately seen
    const log = await env.table.store.fullLog(matchId);
    const record0 = (await env.table.store.get(matchId))!;
    let state = dutchMemory.setup(3, dutchMemoryOptions().parse(record0.options), record0.seed!);
    const known = [new Set<string>(), new Set<string>(), new Set<string>()];
    const hiddenAt = new Map<number, string[][]>();
    const note = (v: number, compact: DutchMemoryState) => {
      const st = toPlain(compact);
      for (let seat = 0; seat < 3; seat++) {
        const k = known[seat]!;
        st.pile.forEach((x) => k.add(x.card));
        st.aside.forEach((x) => k.add(x));
        st.history.forEach((r) => [...r.benches.flat(), ...r.callerCards].forEach((x) => k.add(x)));
        st.benches.forEach((bench) => bench.forEach((x) => x?.seenBy.includes(seat) && k.add(x.card)));
        if (st.phase === 'play' && st.turn.held !== null && st.turn.seat === seat) k.add(st.turn.held);
      }
      hiddenAt.set(
        v,
        known.map((k) => ALL_CARDS.filter((x) => !k.has(x))),
      );
    };
    const start = log.find((l) => l.kind === 'start')!;
    note(start.version, state);
    for (const l of log) {
      if (l.kind !== 'move') continue;
      const r = dutchMemory.apply(state, l.seat!, l.move as never, { now: l.at });
      if (!r.ok) throw new Error(`replay failed at ${l.version}: ${r.error.message}`);
      state = r.value.state;
      // Cards that were face up for a moment only (a last discard before the round was counted).
      for (const e of r.value.events) {
        const shown =
          e.type === 'discarded' || e.type === 'opening-discard'
            ? [e.card]
            : e.type === 'exchanged'
              ? [e.discarded, ...(e.took ? [e.took] : [])]
              : e.type === 'snapped'
                ? [e.card, e.on]
                : e.type === 'snap-failed' && e.why === 'wrong'
                  ? [e.card]
                  : [];
        for (const k of known) shown.forEach((x) => k.add(x));
      }
      note(l.version, state);
    }
    // The replay reproduces the stored match, so the hidden sets are those of the real game.
    expect(state).toEqual(record0.state);
    const hiddenFor = (seat: number, v: number) => {
      let best: string[] = ALL_CARDS.slice();
      for (const [when, h] of hiddenAt) if (when <= v) best = h[seat]!;
      return best;
    };
    let checked = 0;
    for (const [seat, p] of pages.entries()) {
      const snaps = ((await p.evaluate(() => (window as unknown as { __snaps: Snap[] }).__snaps)) ?? []).filter(
        (x) => x.status === 'active' && x.version > 0,
      );
      expect(snaps.length).toBeGreaterThan(20);
      for (const x of snaps) {
        const hidden = hiddenFor(seat, x.version);
        expect(hidden.length).toBeGreaterThan(0);
        checked++;
        expect(leaks(x.html, hidden), `seat ${seat}'s page at version ${x.version}`).toEqual([]);
      }
    }
    for (const r of await Promise.all(answers)) {
      const body = JSON.parse(r.body) as { version?: number; status?: string };
      if (typeof body.version !== 'number' || body.status !== 'active') continue;
      expect(leaks(r.body, hiddenFor(r.seat, body.version)), `answer ${r.url} at version ${body.version}`).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
    // The detector does find cards on show: Ann's page during her look shows the two she looked at.
    const annSnaps = await a.evaluate(() => (window as unknown as { __snaps: Snap[] }).__snaps);
    const lookShown = annSnaps.find((x) => x.html.includes('data-reveal="open"'))!;
    const firstLook = log.find((l) => l.kind === 'move' && l.seat === 0);
    expect(firstLook?.move).toEqual({ kind: 'look', slots: [0, 1] });
    const dealt = toPlain(dutchMemory.setup(3, dutchMemoryOptions().parse(record0.options), record0.seed!)).benches[0]!;
    const annLooked = [dealt[0]!.card, dealt[1]!.card];
    expect(leaks(lookShown.html, annLooked).sort()).toEqual([...annLooked].sort());
    expect(powers.every((k) => k === 'peek' || k === 'swap')).toBe(true);

    for (const ctx of ctxs) await ctx.close();
  }, 400_000);
});
