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
import { type ApiAnswer, type ApiRoutes, createRoute, on, SEAT_REFUSALS } from '../api-route.js';
import type { Answer, MatchResponse } from '../responses.js';
import { SeatPath, UndoAnswerRequest, UndoRequest } from '../schemas.js';

export function undoRoutes({ service }: RouteContext): Hono {
  const app = new Hono();

  on(app, undoApi.undo, async (c) => {
    const { expectedVersion } = await requiredJsonBody(c, UndoRequest());
    const { id, seat } = await seatCaller(service, c);
    return c.json(policyWorded(c, await service.undo(id, seat, expectedVersion)) satisfies Answer<typeof MatchResponse>);
  });

  on(app, undoApi.ask, async (c) => {
    const { expectedVersion } = await requiredJsonBody(c, UndoRequest());
    const { id, seat } = await seatCaller(service, c);
    return c.json(policyWorded(c, await service.askUndo(id, seat, expectedVersion)) satisfies Answer<typeof MatchResponse>);
  });

  on(app, undoApi.answer, async (c) => {
    const { accept } = await requiredJsonBody(c, UndoAnswerRequest());
    const { id, seat } = await seatCaller(service, c);
    return c.json(policyWorded(c, await service.answerUndo(id, seat, accept)) satisfies Answer<typeof MatchResponse>);
  });

  return app;
}

const mine: ApiAnswer = { description: 'The match as my seat sees it', schema: (r) => r.MatchResponse };
const refused = { 400: 'Malformed body', ...SEAT_REFUSALS, 415: 'Body not sent as application/json' };

export const undoApi = {
  undo: createRoute({
    method: 'post',
    path: '/{id}/seats/{seat}/undo',
    summary:
      'Take back my own last move while my turn goes on, where the game allows it (it showed nothing hidden and nobody could act on it; MatchResponse.undo says whether I may). Logged as an `undo` record at a new version. `expectedVersion` is the version my page shows; a 409 (nothing-to-undo, undo-not-allowed, undo-turn-over, undo-others-acted, undo-computer-seat, stale-version) changes nothing.',
    security: 'seatToken',
    request: { params: SeatPath, body: UndoRequest },
    responses: { 200: mine, ...refused, 409: 'Nothing to take back, not allowed, or a stale version' },
  }),
  ask: createRoute({
    method: 'post',
    path: '/{id}/seats/{seat}/undo-request',
    summary:
      'In a match made with `undoRequests`: ask the others to let me take back my last turn (MatchResponse.undo.canAsk). A change beside the game, rate limited; the others are told (`undo-asked`); with only computers to ask, it is taken back at once. The next change to the game ends the request.',
    security: 'seatToken',
    request: { params: SeatPath, body: UndoRequest },
    responses: {
      200: mine,
      ...refused,
      409: 'Not askable now, or already asked',
      429: 'Too many changes beside the game from this seat; wait Retry-After seconds',
    },
  }),
  answer: createRoute({
    method: 'post',
    path: '/{id}/seats/{seat}/undo-request/answer',
    summary:
      'Accept or refuse the request waiting for my answer (MatchResponse.undo.canAnswer): a refusal ends it, the last acceptance takes the turn back (an `undo` record with `acceptedBy`)',
    security: 'seatToken',
    request: { params: SeatPath, body: UndoAnswerRequest },
    responses: { 200: mine, ...refused, 409: 'no-undo-request: nothing waits for my answer' },
  }),
} satisfies ApiRoutes;
