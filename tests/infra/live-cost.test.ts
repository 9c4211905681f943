/**
 * The live table's cost model (infra/cost.ts `liveMatchCost`): a 100-move match with both players' tabs
 * open 2 hours in all, WebSocket connection minutes and messages, the poke function and the reads the
 * pokes cause, against the same match with no reads beyond its visits (issue 17's goal: at most 1.25×).
 * The model's page figures must be the page's own.
 */
import { describe, expect, it } from 'vitest';
import { MAX_CONNECTION_MS } from '../../functions/local/live.js';
import { DUTCH_AUCTION, LIVE_PAGE, liveMatchCost, matchCost } from '../../infra/cost.js';
import { KEEPALIVE_MS } from '../../web/src/live.js';
import { LIVE_SAFETY_MS } from '../../web/src/poll/schedule.js';

describe('the live table on AWS, on paper', () => {
  it("uses the page's own keep-alive, safety net and connection age", () => {
    expect(LIVE_PAGE.keepaliveMinutes * 60_000).toBe(KEEPALIVE_MS);
    expect(LIVE_PAGE.safetyPollMinutes * 60_000).toBe(LIVE_SAFETY_MS);
    expect(LIVE_PAGE.connectionHours * 3600_000).toBe(MAX_CONNECTION_MS);
  });

  it('an idle open tab sends at most 12 requests an hour: keep-alives, safety polls, a reconnect every 2 hours', () => {
    const perHour = 60 / LIVE_PAGE.keepaliveMinutes + 60 / LIVE_PAGE.safetyPollMinutes + 2 / LIVE_PAGE.connectionHours;
    expect(perHour).toBeLessThanOrEqual(12);
  });

  it('a 100-move match at the live table, tabs open 2 hours in all, costs at most 1.25× the match with no reads', () => {
    const live = liveMatchCost(DUTCH_AUCTION, { tabHours: 2 });
    expect(live.noReads).toBeCloseTo(matchCost({ ...DUTCH_AUCTION, pollsPerMove: 0 }).total, 12);
    expect(live.ratio).toBeLessThanOrEqual(1.25);
    // Every part is there and costs something: connection minutes, messages, pokes, the reads they cause.
    for (const [name, usd] of Object.entries(live.parts)) expect(usd, name).toBeGreaterThan(0);
    // The floor (the other page's one read per move, the moves, notifications, two visits) is below the goal too.
    expect(live.floorRatio).toBeLessThan(live.ratio);
    // Far below today's polling at 10 polls per move.
    expect(live.total).toBeLessThan(matchCost(DUTCH_AUCTION).total);
  });
});
