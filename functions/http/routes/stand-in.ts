/**
 * /api/matches/:id/seats/:seat/stand-in: a player hands their seat to a computer for now (PUT
 * {level}: holidays) or takes it back (DELETE; any move of theirs does too). Answers with the match as
 * that seat sees it. A computer's own seat has no token, so nobody can open it here (403).
 */
import { policyWorded } from '../localized.js';
import { Hono } from 'hono';
import { requiredJsonBody, seatCaller, type RouteContext } from '../request.js';
import { type ApiAnswer, type ApiRoutes, createRoute, on, SEAT_REFUSALS } from '../api-route.js';
import type { Answer, MatchResponse } from '../responses.js';
import { SeatPath, StandInRequest } from '../schemas.js';

export function standInRoutes({ service }: RouteContext): Hono {
  const app = new Hono();

  on(app, standInApi.standIn, async (c) => {
    const { level } = await requiredJsonBody(c, StandInRequest());
    const { id, seat } = await seatCaller(service, c);
    return c.json(policyWorded(c, await service.standIn(id, seat, level)) satisfies Answer<typeof MatchResponse>);
  });

  on(app, standInApi.takeBack, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    return c.json(policyWorded(c, await service.takeBack(id, seat)) satisfies Answer<typeof MatchResponse>);
  });

  return app;
}

const mine: ApiAnswer = { description: 'The match as my seat sees it', schema: (r) => r.MatchResponse };
const tooMany = 'Too many changes beside the game from this seat; wait Retry-After seconds';

export const standInApi = {
  standIn: createRoute({
    method: 'put',
    path: '/{id}/seats/{seat}/stand-in',
    summary: 'Hand my seat to a computer for now (it plays until I move again or take it back); a change beside the game, rate limited',
    security: 'seatToken',
    request: { params: SeatPath, body: StandInRequest },
    responses: {
      200: mine,
      400: 'Malformed body',
      ...SEAT_REFUSALS,
      409: 'A computer already stands in, or the match is not in play',
      415: 'Body not sent as application/json',
      429: tooMany,
    },
  }),
  takeBack: createRoute({
    method: 'delete',
    path: '/{id}/seats/{seat}/stand-in',
    summary: 'Take my seat back from the computer standing in',
    security: 'seatToken',
    request: { params: SeatPath },
    responses: { 200: mine, ...SEAT_REFUSALS, 409: 'No computer stands in', 429: tooMany },
  }),
} satisfies ApiRoutes;
