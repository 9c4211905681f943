/**
 * /api/matches/:id/seats/:seat/replay and /api/matches/:id/spectate/replay: the match re-run from its
 * log, one page of steps (at most 50) for the caller's eyes (functions/matches/replay.ts). Same
 * authorization as reading the match; `as=<seat>` only after the end, where the game offers it.
 */
import { Hono, type Context } from 'hono';
import { parseIn } from '../localized.js';
import { authorize, type RouteContext } from '../request.js';
import type { Answer, ReplayResponse } from '../responses.js';
import { ReplayQuery } from '../schemas.js';

export function replayRoutes({ service }: RouteContext): Hono {
  const app = new Hono();
  const replay = async (c: Context) => {
    const { id, caller } = await authorize(service, c);
    const query = parseIn(c, ReplayQuery, c.req.query(), 'query');
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Authorization');
    return c.json((await service.replayed(id, caller, query)) satisfies Answer<typeof ReplayResponse>);
  };
  app.get('/:id/seats/:seat/replay', replay);
  app.get('/:id/spectate/replay', replay);
  return app;
}
