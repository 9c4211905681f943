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
import { MoveRequest, ResignRequest } from '../schemas.js';

export function moveRoutes({ service }: RouteContext): Hono {
  const app = new Hono();

  app.post('/:id/seats/:seat/moves', async (c) => {
    const token = bearer(c);
    const { id, seat } = target(c);
    const key = idempotencyKey(c);
    const request = parseIn(c, MoveRequest, (await jsonBody(c)).value);
    const result = await service.move(id, seat!, sha256(token), request, key);
    c.header('ETag', etagOf(result.version));
    return answer(c, result);
  });

  app.post('/:id/seats/:seat/resign', async (c) => {
    const { id, caller } = await authorize(service, c);
    const key = idempotencyKey(c);
    const request = parseIn(c, ResignRequest, (await jsonBody(c)).value);
    const result = await service.resign(id, (caller as { seat: number }).seat, request, key);
    return answer(c, result);
  });

  return app;
}

/**
 * The seat's view as JSON text. A replayed answer is the first one's text parsed again, so the same
 * serialization gives the first answer's bytes (in English; in another language, its policy worded alike).
 */
function answer(c: Context, result: SeatAnswer) {
  return c.body(JSON.stringify(policyWorded(c, result.view)), 200, { 'Content-Type': 'application/json' });
}
