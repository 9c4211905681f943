/**
 * /api/ratings/:game?seats=n (a leaderboard: the top 100 and, signed in, the lines around me) and
 * /api/matches/:id/ratings (what a finished rated match did to each seat's rating). Both are public, as a
 * match's result is: ratings are shown beside players' names. The work is in functions/ratings/service.ts.
 */
import { Hono } from 'hono';
import { MatchError } from '../../matches/errors.js';
import type { Ratings } from '../../ratings/service.js';
import { type ApiRoutes, createRoute, on } from '../api-route.js';
import { parseIn } from '../localized.js';
import { target, type RouteContext } from '../request.js';
import type { Answer, LeaderboardResponse, MatchRatingsResponse } from '../responses.js';
import { MatchPath, RatingsPath, RatingsQuery } from '../schemas.js';

export function ratingRoutes({ whoIs, ratings }: Pick<RouteContext, 'whoIs'> & { ratings: Ratings }): Hono {
  const app = new Hono();

  on(app, ratingApi.leaderboard, async (c) => {
    const { game } = parseIn(c, RatingsPath(), c.req.param(), 'request');
    const { seats } = parseIn(c, RatingsQuery(), c.req.query(), 'query');
    const playerId = (await whoIs?.(c).catch(() => null)) ?? undefined;
    const board = await ratings.leaderboard(game, seats, playerId);
    if (!board) throw new MatchError('not-ratable', { key: 'error.not-ratable', params: { seats } });
    const mine = playerId ? await ratings.ratingOf(playerId, game, seats) : null;
    c.header('Cache-Control', 'private, max-age=30');
    return c.json({
      game,
      seats,
      top: board.top,
      around: board.around,
      me: mine && playerId ? { playerId, ...mine } : null,
    } satisfies Answer<typeof LeaderboardResponse>);
  });

  on(app, ratingApi.ofMatch, async (c) => {
    const { id } = target(c);
    const rated = await ratings.ofMatch(id);
    return c.json({
      rated: rated !== null,
      changes: (rated?.changes ?? []).map(({ seat, before, after, provisional }) => ({ seat, before, after, provisional })),
    } satisfies Answer<typeof MatchRatingsResponse>);
  });

  return app;
}

export const ratingApi = {
  leaderboard: createRoute({
    method: 'get',
    path: '/ratings/{game}',
    summary: 'A game’s leaderboard at a seat count: the top 100 established ratings and, signed in, the ten above and below me',
    request: { params: RatingsPath, query: RatingsQuery },
    responses: {
      200: { description: 'The leaderboard', schema: (r) => r.LeaderboardResponse },
      400: 'Malformed seats, or no rating for this game at this seat count (not-ratable)',
    },
  }),
  ofMatch: createRoute({
    method: 'get',
    path: '/matches/{id}/ratings',
    summary: 'What a finished rated match did to each seat’s rating (“+12 → 1534”); empty until its end is rated',
    request: { params: MatchPath },
    responses: { 200: { description: 'The changes', schema: (r) => r.MatchRatingsResponse }, 400: 'Not a match id' },
  }),
} satisfies ApiRoutes;
