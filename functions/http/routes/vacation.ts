/**
 * A signed-in player's vacation bank (functions/matches/vacation.ts): the days they have, shown on their account page.
 * Mounted under /api.
 *
 *   GET    /api/me/vacation         {days, balance, perYear}: whole days to spend now, the balance with its fraction
 */
import { Hono } from 'hono';
import { VACATION_DAYS_PER_YEAR, type VacationStore, refilled } from '../../matches/vacation.js';
import type { SignIn } from '../../players/signin.js';
import { type ApiRoutes, createRoute, on, SIGNED_IN_REFUSALS } from '../api-route.js';
import { mustBeSignedIn } from '../session.js';

export interface VacationRouteContext {
  signIn: SignIn;
  vacation: VacationStore;
  clock: () => number;
}

export function vacationRoutes(ctx: VacationRouteContext): Hono {
  const app = new Hono();
  on(app, vacationApi.bank, async (c) => {
    const who = await mustBeSignedIn(c, ctx.signIn);
    const now = ctx.clock();
    const bank = refilled(await ctx.vacation.bank(who.player.id, now), now);
    c.header('Cache-Control', 'private, no-cache');
    return c.json({ days: Math.floor(bank.days + 1e-9), balance: Math.round(bank.days * 100) / 100, perYear: VACATION_DAYS_PER_YEAR });
  });
  return app;
}

export const vacationApi = {
  bank: createRoute({
    method: 'get',
    path: '/me/vacation',
    summary: 'My vacation bank: whole days I can spend now (`days`), the balance with its fraction, the days a year',
    security: 'session',
    responses: { 200: { description: '{days, balance, perYear}' }, 401: SIGNED_IN_REFUSALS[401] },
  }),
} satisfies ApiRoutes;
