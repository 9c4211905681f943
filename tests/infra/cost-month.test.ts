/**
 * The cost per 1 M DAU-month (infra/capacity.ts `monthlyCost`) is its parts: the day's work is the sum of each
 * activity's work, and the month's total is both the sum by activity and the sum by service, each part being
 * that work times infra/cost.ts's list prices.
 */
import { describe, expect, it } from 'vitest';
import {
  type Activity,
  CUTS,
  costOf,
  dailyWork,
  MIXES,
  MONTHLY_GOAL_USD,
  monthlyCost,
  PER_DAY,
  unitWork,
  withCuts,
} from '../../infra/capacity.js';
import { PRICES } from '../../infra/cost.js';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('the cost per 1 M DAU-month', () => {
  for (const mix of MIXES) {
    it(`is the sum of its parts (${mix.name})`, () => {
      const c = monthlyCost(mix);
      expect(sum(Object.values(c.byActivity))).toBeCloseTo(c.total, 6);
      expect(sum(Object.values(c.byService))).toBeCloseTo(c.total, 6);
      const day = dailyWork(mix);
      const units = unitWork(mix);
      for (const a of Object.keys(PER_DAY) as Activity[]) {
        expect(c.byActivity[a]).toBeCloseTo(costOf(units[a]).total * PER_DAY[a] * 30 * 1e6, 4);
        expect(day.parts[a].rru).toBeCloseTo(units[a].rru * PER_DAY[a], 9);
      }
      expect(day.total.wru).toBeCloseTo(sum(Object.values(day.parts).map((w) => w.wru)), 9);
      // The service parts are the work's units at list prices.
      expect(c.byService.reads).toBeCloseTo(day.total.rru * PRICES.dynamoRru * 30 * 1e6, 4);
      expect(c.byService.writes).toBeCloseTo((day.total.wru + day.total.dueWru) * PRICES.dynamoWru * 30 * 1e6, 4);
      expect(c.mail).toBeCloseTo(day.total.mails * PRICES.sesPerMail * 30 * 1e6, 4);
    });
  }

  it('each design change of CUTS lowers the month of some mix and raises none, leaving the code as it is unpriced by them', () => {
    for (const c of CUTS) {
      const changes = MIXES.map((mix) => monthlyCost(withCuts(mix, c.cuts)).total - monthlyCost(mix).total);
      expect(Math.max(...changes), c.name).toBeLessThanOrEqual(0);
      expect(Math.min(...changes), c.name).toBeLessThan(0);
    }
    for (const mix of MIXES) expect(mix.cuts).toBeUndefined();
  });

  it(`meets the goal: at most $${MONTHLY_GOAL_USD.toLocaleString('en')} per 1 M DAU-month, mail apart, for both mixes`, () => {
    for (const mix of MIXES) expect(monthlyCost(mix).total, mix.name).toBeLessThanOrEqual(MONTHLY_GOAL_USD);
  });

  it('prices an API request as CloudFront and one Lambda invocation only: no API Gateway behind CloudFront any more', () => {
    expect(Object.keys(PRICES).some((k) => /httpApi/i.test(k))).toBe(false);
    const day = dailyWork(MIXES[0]).total;
    const c = monthlyCost(MIXES[0]);
    expect(c.byService.requests).toBeCloseTo(
      (day.apiRequests * PRICES.cloudFrontRequest + day.pageRequests * (PRICES.cloudFrontRequest + PRICES.s3Get)) * 30 * 1e6,
      4,
    );
  });

  it('grows with the items: a Golden Age month costs more than an auction month', () => {
    const [auction, golden] = MIXES.map((m) => monthlyCost(m).total);
    expect(golden!).toBeGreaterThan(auction!);
  });
});
