/**
 * A signed-in player's vacation bank (functions/matches/vacation.ts): the days they have, shown on their account page.
 * Mounted under /api.
 *
 *   GET    /api/me/vacation         {days, balance, perYear, trip}: whole days to spend now, the balance with its fraction
 *   PUT    /api/me/vacation/trip    {from, to} (ms): days taken ahead, spent now; 422 vacation-too-few, 409 trip-taken
 *   DELETE /api/me/vacation/trip    cancel it: the days not begun come back; 409 no-trip
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { lazily } from '#shared/engine/lazy.js';
import { MatchError } from '../../matches/errors.js';
import { DAY } from '../../matches/timing.js';
import { bookTrip, cancelTrip, refilled, VACATION_DAYS_PER_YEAR, type VacationBank, type VacationStore } from '../../matches/vacation.js';
import { requiredJsonBody } from '../request.js';
import type { SignIn } from '../../players/signin.js';
import { type ApiRoutes, createRoute, on, SIGNED_IN_REFUSALS } from '../api-route.js';
import { mustBeSignedIn, requireSameSite } from '../session.js';

export interface VacationRouteContext {
  signIn: SignIn;
  vacation: VacationStore;
  clock: () => number;
  publicUrl?: string;
}

export function vacationRoutes(ctx: VacationRouteContext): Hono {
  const app = new Hono();
  on(app, vacationApi.bank, async (c) => {
    const who = await mustBeSignedIn(c, ctx.signIn);
    const now = ctx.clock();
    const bank = refilled(await ctx.vacation.bank(who.player.id, now), now);
    c.header('Cache-Control', 'private, no-cache');
    return c.json(shown(bank));
  });
  on(app, vacationApi.book, async (c) => {
    requireSameSite(c, ctx.publicUrl);
    const who = await mustBeSignedIn(c, ctx.signIn);
    const { from, to } = await requiredJsonBody(c, TripRequest());
    const now = ctx.clock();
    const result = await ctx.vacation.update<ReturnType<typeof bookTrip>>(who.player.id, now, (bank) => {
      const next = bookTrip(bank, from, to, now);
      return 'refused' in next ? { result: next } : { bank: next, result: next };
    });
    if ('refused' in result) {
      if (result.refused === 'trip-taken') throw new MatchError('trip-taken', 'error.trip-taken');
      const need = Math.max(1, Math.ceil((to - Math.max(from, now)) / DAY));
      throw new MatchError('vacation-too-few', { key: 'error.vacation-too-few', params: { need, days: result.have } });
    }
    return c.json(shown(result));
  });
  on(app, vacationApi.cancel, async (c) => {
    requireSameSite(c, ctx.publicUrl);
    const who = await mustBeSignedIn(c, ctx.signIn);
    const now = ctx.clock();
    const result = await ctx.vacation.update(who.player.id, now, (bank) => {
      const next = cancelTrip(bank, now);
      return next ? { bank: next, result: next } : { result: null };
    });
    if (!result) throw new MatchError('no-trip', 'error.no-trip');
    return c.json(shown(result));
  });
  return app;
}

/** What the account page shows of a bank refilled to now. */
const shown = (bank: VacationBank) => ({
  days: Math.floor(bank.days + 1e-9),
  balance: Math.round(bank.days * 100) / 100,
  perYear: VACATION_DAYS_PER_YEAR,
  trip: bank.trip ?? null,
});

/** A trip: from and to as ms epoch, to after from, at most a year ahead. */
const TripRequest = lazily(() =>
  z
    .strictObject({ from: z.int().check(z.minimum(0)), to: z.int().check(z.minimum(0)) })
    .check(z.refine((t) => t.to > t.from && t.to - t.from <= 366 * DAY, 'to must be after from, within a year')),
);

export const vacationApi = {
  bank: createRoute({
    method: 'get',
    path: '/me/vacation',
    summary: 'My vacation bank: whole days I can spend now (`days`), the balance with its fraction, the days a year',
    security: 'session',
    responses: { 200: { description: '{days, balance, perYear}' }, 401: SIGNED_IN_REFUSALS[401] },
  }),
  book: createRoute({
    method: 'put',
    path: '/me/vacation/trip',
    summary: 'Take days ahead for a trip {from, to} (ms): every deadline of my seats inside it waits until its end; the days are spent now',
    security: 'session',
    request: { body: TripRequest },
    responses: { 200: { description: 'The bank after it' }, 409: 'trip-taken', 422: 'vacation-too-few', 401: SIGNED_IN_REFUSALS[401] },
  }),
  cancel: createRoute({
    method: 'delete',
    path: '/me/vacation/trip',
    summary: 'Cancel my trip: the days not begun come back',
    security: 'session',
    responses: { 200: { description: 'The bank after it' }, 409: 'no-trip', 401: SIGNED_IN_REFUSALS[401] },
  }),
} satisfies ApiRoutes;
