/**
 * Issue 13, §7.2 of dutch-golden-age.md: investment cards are cashed in "at any time". In real
 * headless Chromium against the real local app: a 3-player match is set up through the API, Cy is
 * dealt a tulip girl (written into the stored state, the only way to choose a card), Ann auctions
 * a blue action, and while Bob is to bid, Cy's page offers the exchange and she cashes the card in
 * by clicking; the auction goes on with Bob to bid.
 */
import { describe, expect, it } from 'vitest';
import { TRACK } from '#shared/games/golden-age/board.js';
import type { GoldenAgeState } from '#shared/games/golden-age/state.js';
import { client } from '../support/api.js';
import { e2eSite } from './support/e2e.js';

const env = e2eSite('ga-cash', { artifacts: 'test-artifacts/web/golden-age' });

describe('The Dutch Golden Age in the browser: cashing in out of turn', () => {
  it('during an auction, a player who is not bidding cashes in a tulip girl by clicking', async () => {
    const api = client({ request: (path, init) => fetch(`${env.server.url}${path}`, init) });
    const { matchId, seats } = await api.started('golden-age', 3);
    let v = (await api.read(matchId, seats[0]!)).json.version as number;
    const move = async (seat: number, m: unknown) => {
      const r = await api.move(matchId, seats[seat]!, v, m);
      if (r.status !== 200) throw new Error(`${JSON.stringify(m)} by seat ${seat}: ${r.status} ${r.text}`);
      v = r.json.version;
    };
    // Set-up: Ann's marker in Zeeland (a blue province), tokens away from the markers, the Steward, a roll.
    for (const [seat, province] of [
      [0, 'zeeland'],
      [1, 'groningen'],
      [2, 'friesland'],
    ] as const)
      await move(seat, { kind: 'place-marker', province });
    for (const [seat, province] of [
      [0, 'holland'],
      [0, 'holland'],
      [1, 'limburg'],
      [1, 'limburg'],
      [2, 'brabant'],
      [2, 'brabant'],
    ] as const) {
      await move(seat, { kind: 'place-token', province });
    }
    await move(2, { kind: 'place-steward', box: TRACK.findIndex((b) => b.kind === 'merchant') });
    await move(0, { kind: 'roll' });

    // Cy is dealt a tulip girl from the investment deck (every card stays accounted for).
    const record = (await env.table.store.get(matchId))!;
    const state = record.state as GoldenAgeState;
    const tulip = state.decks.investment.find((id) => id.startsWith('investment-tulip-girl-'))!;
    const dealt: GoldenAgeState = {
      ...state,
      decks: { ...state.decks, investment: state.decks.investment.filter((id) => id !== tulip) },
      players: state.players.map((p, i) => (i === 2 ? { ...p, hand: [...p.hand, tulip] } : p)),
    };
    expect(
      await env.table.store.commit({ match: { ...record, version: record.version + 1, state: dealt }, expectedVersion: record.version }),
    ).toEqual({ ok: true });
    v = record.version + 1;
    await move(0, { kind: 'auction', province: 'zeeland' });

    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const c = await ctx.newPage();
    const errors: string[] = [];
    c.on('pageerror', (e) => errors.push(String(e)));
    await c.goto(`${env.server.url}/m/${matchId}#seat=2&token=${seats[2]!.token}&game=golden-age`);
    await c.locator('.ga-auction[data-bidder="1"]').waitFor();
    expect(await c.locator('.turn').textContent()).toContain('waiting for');
    // Not Cy's turn: no "Your move" panel, but a panel to cash in her set.
    expect(await c.locator('.ga-actions').count()).toBe(0);
    const cash = c.locator('.ga-cash').getByRole('button', { name: 'Cash in one tulip girl for 5 guilders', exact: true });
    await cash.waitFor();
    await c.screenshot({ path: `${env.artifacts}/20-cash-in-during-auction-desktop.png`, fullPage: true });
    const before = Number(await c.locator('.ga-player[data-seat="2"]').getAttribute('data-money'));
    await cash.click();
    await c.waitForFunction(
      (old) => {
        const main = document.querySelector('main.match');
        return Number(main?.getAttribute('data-version')) > old && main?.getAttribute('data-busy') !== 'true';
      },
      v,
      { timeout: 20_000 },
    );
    expect(await c.locator('.notice.error').count()).toBe(0);
    expect(Number(await c.locator('.ga-player[data-seat="2"]').getAttribute('data-money'))).toBe(before + 10);
    expect(await c.locator('.ga-cash').count()).toBe(0);
    expect(await c.locator('.ga-hand [data-card]').count()).toBe(0);
    // The auction is untouched: Bob is still to bid.
    expect(await c.locator('.ga-auction').getAttribute('data-bidder')).toBe('1');
    expect(await c.locator('.log').textContent()).toContain('cashed in tulip girl for 5 guilders.');
    const after = (await env.table.store.get(matchId))!.state as GoldenAgeState;
    expect(after.phase).toBe('auction');
    expect(after.players[2]!.hand).toEqual([]);
    expect(after.discards.investment).toContain(tulip);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);
});
