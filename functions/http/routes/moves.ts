/**
 * /api/matches/:id/seats/:seat/moves and /resign: a seat's changes to the game. The answer is the JSON
 * the service made (and keeps verbatim for a retry with the same Idempotency-Key).
 */
import { Hono } from 'hono';
import { sha256 } from '../../matches/tokens.js';
import { parseIn, policyWordedJson } from '../localized.js';
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
    return c.body(policyWordedJson(c, result.json), result.status as 200, { 'Content-Type': 'application/json' });
  });

  app.post('/:id/seats/:seat/resign', async (c) => {
    const { id, caller } = await authorize(service, c);
    const key = idempotencyKey(c);
    const request = parseIn(c, ResignRequest, (await jsonBody(c)).value);
    const result = await service.resign(id, (caller as { seat: number }).seat, request, key);
    return c.body(policyWordedJson(c, result.json), result.status as 200, { 'Content-Type': 'application/json' });
  });

  return app;
}
