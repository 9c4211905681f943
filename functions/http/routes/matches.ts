/**
 * /api/matches: creating a match, reading it (a seat's or the spectator's view, with ETag polls), its
 * older log, new links and the rematch.
 */
import { Hono, type Context } from 'hono';
import { parseIn, policyWorded } from '../localized.js';
import { authorize, bearer, etagOf, idempotencyKey, jsonBody, notModified, target, type RouteContext } from '../request.js';
import type { Answer, CreateMatchResponse, JoinResponse, LinksResponse, LogPageResponse, MatchResponse } from '../responses.js';
import { CreateIdempotencyKey, CreateMatchRequest, LogQuery } from '../schemas.js';

export interface MatchRouteContext extends RouteContext {
  /** Hands a seat's notification choices on to its rematch seat (functions/notify/settings.ts `carryOver`). */
  carryOver?: (from: { matchId: string; seat: number }, to: { matchId: string; seat: number }) => Promise<void>;
}

export function matchRoutes({ service, links, carryOver }: MatchRouteContext): Hono {
  const app = new Hono();

  app.post('/', async (c) => {
    const key = idempotencyKey(c, CreateIdempotencyKey);
    const input = parseIn(c, CreateMatchRequest, (await jsonBody(c)).value);
    const created = await service.create(input, key?.key);
    const id = created.match.id;
    return c.json(
      {
        matchId: id,
        seat: 0,
        token: created.token,
        url: links.seat(c, id, 0, created.token, created.match.gameId),
        invites: created.invites.map((i) => ({ seat: i.seat, url: links.invite(c, id, i.secret) })),
        spectatorUrl: links.watch(c, id, created.spectator),
      } satisfies Answer<typeof CreateMatchResponse>,
      201,
    );
  });

  const readMatch = async (c: Context) => {
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Authorization, Accept-Language');
    let body: Awaited<ReturnType<typeof service.read>>;
    if (c.req.header('If-None-Match')) {
      // A poll: the small projection first, and nothing more while the match is unchanged.
      const { id, caller, version } = await authorize(service, c);
      c.header('ETag', etagOf(version));
      if (notModified(c, version)) return c.body(null, 304);
      body = await service.read(id, caller);
    } else {
      // A first read: the match and its log at once, the caller checked against the match itself.
      const token = bearer(c);
      const { id, seat } = target(c);
      body = await service.readAs(id, token, seat === undefined ? 'spectator' : { seat });
    }
    c.header('ETag', etagOf(body.version));
    return c.json(policyWorded(c, body) satisfies Answer<typeof MatchResponse>);
  };
  app.get('/:id/seats/:seat', readMatch);
  app.get('/:id/spectate', readMatch);

  const readLog = async (c: Context) => {
    const { id, caller } = await authorize(service, c);
    const q = parseIn(c, LogQuery, c.req.query(), 'query');
    return c.json({ log: await service.olderLog(id, caller, q.before ?? Number.MAX_SAFE_INTEGER) } satisfies Answer<
      typeof LogPageResponse
    >);
  };
  app.get('/:id/seats/:seat/log', readLog);
  app.get('/:id/spectate/log', readLog);

  app.post('/:id/seats/:seat/links', async (c) => {
    const { id, caller } = await authorize(service, c);
    const key = idempotencyKey(c);
    const renewed = await service.renewLinks(id, (caller as { seat: number }).seat, bearer(c), key);
    return c.json({
      invites: renewed.invites.map((i) => ({ seat: i.seat, url: links.invite(c, id, i.secret) })),
      spectatorUrl: links.watch(c, id, renewed.spectator),
    } satisfies Answer<typeof LinksResponse>);
  });

  app.post('/:id/seats/:seat/rematch', async (c) => {
    const { id, caller } = await authorize(service, c);
    idempotencyKey(c); // accepted and checked; a rematch is safe to repeat with or without one (service.rematch)
    const seat = (caller as { seat: number }).seat;
    const { gameId, ...r } = await service.rematch(id, seat, bearer(c));
    // Before the answer: a retry (the rematch is safe to repeat) carries them over if this did not.
    await carryOver?.({ matchId: id, seat }, { matchId: r.matchId, seat: r.seat });
    return c.json({ ...r, url: links.seat(c, r.matchId, r.seat, r.token, gameId) } satisfies Answer<typeof JoinResponse>);
  });

  return app;
}
