/**
 * /api/matches/:id/seats/:seat/stand-in: a player hands their seat to a computer for now (PUT
 * {level}: holidays) or takes it back (DELETE; any move of theirs does too). Answers with the match as
 * that seat sees it. A computer's own seat has no token, so nobody can open it here (403).
 */
import { policyWorded } from '../localized.js';
import { Hono } from 'hono';
import { requiredJsonBody, seatCaller, type RouteContext } from '../request.js';
import type { Answer, MatchResponse } from '../responses.js';
import { StandInRequest } from '../schemas.js';

export function standInRoutes({ service }: RouteContext): Hono {
  const app = new Hono();

  app.put('/:id/seats/:seat/stand-in', async (c) => {
    const { level } = await requiredJsonBody(c, StandInRequest);
    const { id, seat } = await seatCaller(service, c);
    return c.json(policyWorded(c, await service.standIn(id, seat, level)) satisfies Answer<typeof MatchResponse>);
  });

  app.delete('/:id/seats/:seat/stand-in', async (c) => {
    const { id, seat } = await seatCaller(service, c);
    return c.json(policyWorded(c, await service.takeBack(id, seat)) satisfies Answer<typeof MatchResponse>);
  });

  return app;
}
