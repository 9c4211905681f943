/**
 * Undo (functions/matches/undo.ts, undo-requests.ts), under /api/matches/:id/seats/:seat/:
 * - POST undo `{ expectedVersion }`: the seat takes back its own last move while its turn goes on;
 * - POST undo-request `{ expectedVersion }`: with undo requests on, it asks the others to take back its
 *   last turn; POST undo-request/answer `{ accept }`: another player accepts or refuses.
 * Each answers with the match as that seat sees it; refusals say why.
 */
import { policyWorded } from '../localized.js';
import { Hono } from 'hono';
import { requiredJsonBody, seatCaller, type RouteContext } from '../request.js';
import type { Answer, MatchResponse } from '../responses.js';
import { UndoAnswerRequest, UndoRequest } from '../schemas.js';

export function undoRoutes({ service }: RouteContext): Hono {
  const app = new Hono();

  app.post('/:id/seats/:seat/undo', async (c) => {
    const { expectedVersion } = await requiredJsonBody(c, UndoRequest);
    const { id, seat } = await seatCaller(service, c);
    return c.json(policyWorded(c, await service.undo(id, seat, expectedVersion)) satisfies Answer<typeof MatchResponse>);
  });

  app.post('/:id/seats/:seat/undo-request', async (c) => {
    const { expectedVersion } = await requiredJsonBody(c, UndoRequest);
    const { id, seat } = await seatCaller(service, c);
    return c.json(policyWorded(c, await service.askUndo(id, seat, expectedVersion)) satisfies Answer<typeof MatchResponse>);
  });

  app.post('/:id/seats/:seat/undo-request/answer', async (c) => {
    const { accept } = await requiredJsonBody(c, UndoAnswerRequest);
    const { id, seat } = await seatCaller(service, c);
    return c.json(policyWorded(c, await service.answerUndo(id, seat, accept)) satisfies Answer<typeof MatchResponse>);
  });

  return app;
}
