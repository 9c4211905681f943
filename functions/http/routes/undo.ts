/**
 * /api/matches/:id/seats/:seat/undo: the seat takes back its own last move while its turn goes on
 * (functions/matches/undo.ts). Answers with the match as that seat sees it; refusals say why.
 */
import { Hono } from 'hono';
import { requiredJsonBody, seatCaller, type RouteContext } from '../request.js';
import type { Answer, MatchResponse } from '../responses.js';
import { UndoRequest } from '../schemas.js';

export function undoRoutes({ service }: RouteContext): Hono {
  const app = new Hono();

  app.post('/:id/seats/:seat/undo', async (c) => {
    const { expectedVersion } = await requiredJsonBody(c, UndoRequest);
    const { id, seat } = await seatCaller(service, c);
    return c.json((await service.undo(id, seat, expectedVersion)) satisfies Answer<typeof MatchResponse>);
  });

  return app;
}
