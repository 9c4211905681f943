/**
 * /api/matches/:id/seats/:seat/moves and /resign: a seat's changes to the game. The answer is the seat's
 * view the service returns (on a retry with the same Idempotency-Key, the view it first answered, kept
 * as sent), with `timing.policy` worded in the request's language.
 */
import { type Context, Hono } from 'hono';
import { sha256 } from '../../matches/tokens.js';
import type { SeatAnswer } from '../../matches/service.js';
import { parseIn, policyWorded } from '../localized.js';
import { authorize, bearer, etagOf, idempotencyKey, jsonBody, target, type RouteContext } from '../request.js';
import { type ApiRoutes, createRoute, idempotencyHeader, on, SEAT_REFUSALS } from '../api-route.js';
import { MoveRequest, ResignRequest, SeatPath } from '../schemas.js';

export function moveRoutes({ service }: RouteContext): Hono {
  const app = new Hono();

  on(app, moveApi.move, async (c) => {
    const token = bearer(c);
    const { id, seat } = target(c);
    const key = idempotencyKey(c);
    const request = parseIn(c, MoveRequest(), (await jsonBody(c)).value);
    const result = await service.move(id, seat!, sha256(token), request, key);
    c.header('ETag', etagOf(result.version));
    return answer(c, result);
  });

  on(app, moveApi.resign, async (c) => {
    const { id, caller } = await authorize(service, c);
    const key = idempotencyKey(c);
    const request = parseIn(c, ResignRequest(), (await jsonBody(c)).value);
    const result = await service.resign(id, (caller as { seat: number }).seat, request, key);
    return answer(c, result);
  });

  return app;
}

export const moveApi = {
  move: createRoute({
    method: 'post',
    path: '/{id}/seats/{seat}/moves',
    summary: 'Make a move',
    security: 'seatToken',
    request: {
      params: SeatPath,
      headers: idempotencyHeader('a retry gets the answer of the move first made with the key; the move is applied once.'),
      body: MoveRequest,
    },
    responses: {
      200: { description: 'Accepted', schema: (r) => r.MatchResponse },
      400: 'Malformed request (zod issues, at most ten)',
      ...SEAT_REFUSALS,
      409: 'Stale version, or the match is not in play',
      413: 'Body over 16 KB',
      422: 'The move breaks a rule (its stable code and message), or an Idempotency-Key reused for another request',
    },
  }),
  resign: createRoute({
    method: 'post',
    path: '/{id}/seats/{seat}/resign',
    summary: 'Resign (with expectedVersion: 409 stale-version when the game has moved on since)',
    security: 'seatToken',
    request: {
      params: SeatPath,
      headers: idempotencyHeader('a retry gets the first answer (not 409 match-not-active).'),
      body: ResignRequest,
      bodyOptional: true,
    },
    responses: {
      200: { description: 'Resigned', schema: (r) => r.MatchResponse },
      400: 'Malformed request',
      ...SEAT_REFUSALS,
      409: 'Stale version, or the match is not in play',
      422: 'An Idempotency-Key reused for another request',
    },
  }),
} satisfies ApiRoutes;

/**
 * The seat's view as JSON text. A replayed answer is the first one's text parsed again, so the same
 * serialization gives the first answer's bytes (in English; in another language, its policy worded alike).
 */
function answer(c: Context, result: SeatAnswer) {
  return c.body(JSON.stringify(policyWorded(c, result.view)), 200, { 'Content-Type': 'application/json' });
}
