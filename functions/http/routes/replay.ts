/**
 * /api/matches/:id/seats/:seat/replay and /api/matches/:id/spectate/replay: the match re-run from its
 * log, one page of steps (at most 50) for the caller's eyes (functions/matches/replay.ts). Same
 * authorization as reading the match; `as=<seat>` only after the end, where the game offers it.
 */
import { Hono, type Context } from 'hono';
import { parseIn } from '../localized.js';
import { authorize, type RouteContext } from '../request.js';
import { type ApiRoutes, createRoute, on } from '../api-route.js';
import type { Answer, ReplayResponse } from '../responses.js';
import { MatchPath, ReplayQuery, SeatPath } from '../schemas.js';

export function replayRoutes({ service }: RouteContext): Hono {
  const app = new Hono();
  const replay = async (c: Context) => {
    const { id, caller } = await authorize(service, c);
    const query = parseIn(c, ReplayQuery(), c.req.query(), 'query');
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Authorization');
    return c.json((await service.replayed(id, caller, query)) satisfies Answer<typeof ReplayResponse>);
  };
  on(app, replayApi.seat, replay);
  on(app, replayApi.spectator, replay);
  return app;
}

const replayRoute = (path: string, summary: string, params: typeof MatchPath | typeof SeatPath) =>
  createRoute({
    method: 'get',
    path,
    summary,
    security: 'seatToken',
    request: { params, query: ReplayQuery },
    describe: {
      from: 'First version (the first step is the game as it stood then); default: the first',
      to: 'Last version, at most the match version; default: the match version',
      as: 'After the end, where the game offers it (`everySeat`): as this seat saw the game',
    },
    responses: {
      200: {
        description: 'At most 50 steps {version, at, view, log}; `next` is where the next page starts',
        schema: (r) => r.ReplayResponse,
      },
      400: 'Malformed query, or a range outside 1…version (replay-range)',
      401: 'Missing or malformed token',
      403: 'The token does not open this seat or match, or another seat asked for while the match is in play (replay-not-offered)',
      404: 'No such match',
      500: 'The log no longer leads to the stored game (replay-diverged): nothing is shown',
    },
  });

export const replayApi = {
  seat: replayRoute(
    '/{id}/seats/{seat}/replay',
    "Replay the match as my seat saw it at each version (in play: only my own view; never the seed or others' hidden cards)",
    SeatPath,
  ),
  spectator: replayRoute('/{id}/spectate/replay', 'Replay the match as spectators saw it (the public view)', MatchPath),
} satisfies ApiRoutes;
