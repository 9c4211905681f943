/**
 * /api/matches: creating a match, reading it (a seat's or the spectator's view, with ETag polls), its
 * older log, new links and the rematch.
 */
import { Hono, type Context } from 'hono';
import { isGameId } from '#shared/games/ids.js';
import { MatchError } from '../../matches/errors.js';
import { poolOf } from '../../ratings/model.js';
import { parseIn, policyWorded } from '../localized.js';
import { authorize, bearer, etagOf, idempotencyKey, jsonBody, notModified, target, type RouteContext } from '../request.js';
import { type ApiRoutes, createRoute, idempotencyHeader, on, SEAT_REFUSALS } from '../api-route.js';
import type { Answer, CreateMatchResponse, JoinResponse, LinksResponse, LogPageResponse, MatchResponse } from '../responses.js';
import { CreateIdempotencyKey, CreateMatchRequest, LogQuery, MatchPath, SeatPath } from '../schemas.js';

export interface MatchRouteContext extends RouteContext {
  /** Hands a seat's notification choices on to its rematch seat (functions/notify/settings.ts `carryOver`). */
  carryOver?: (from: { matchId: string; seat: number }, to: { matchId: string; seat: number }) => Promise<void>;
}

export function matchRoutes({ service, links, carryOver, seatName, whoIs }: MatchRouteContext): Hono {
  const app = new Hono();

  on(app, matchApi.create, async (c) => {
    const key = idempotencyKey(c, CreateIdempotencyKey);
    const { rated, ...input } = parseIn(c, CreateMatchRequest(), (await jsonBody(c)).value);
    if (rated && isGameId(input.game) && poolOf(input.game, input.seats) === null)
      throw new MatchError('not-ratable', { key: 'error.not-ratable', params: { seats: input.seats } });
    const named = (await seatName?.(c)) ?? input.name;
    const created = await service.create(
      { ...input, name: named, ...(rated ? { rated: { player: (await whoIs?.(c)) ?? null } } : {}) },
      key?.key,
    );
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
  on(app, matchApi.read, readMatch);
  on(app, matchApi.spectate, readMatch);

  const readLog = async (c: Context) => {
    const { id, caller } = await authorize(service, c);
    const q = parseIn(c, LogQuery(), c.req.query(), 'query');
    return c.json({ log: await service.olderLog(id, caller, q.before ?? Number.MAX_SAFE_INTEGER) } satisfies Answer<
      typeof LogPageResponse
    >);
  };
  on(app, matchApi.log, readLog);
  on(app, matchApi.spectatorLog, readLog);

  on(app, matchApi.links, async (c) => {
    const { id, caller } = await authorize(service, c);
    const key = idempotencyKey(c);
    const renewed = await service.renewLinks(id, (caller as { seat: number }).seat, bearer(c), key);
    return c.json({
      invites: renewed.invites.map((i) => ({ seat: i.seat, url: links.invite(c, id, i.secret) })),
      spectatorUrl: links.watch(c, id, renewed.spectator),
    } satisfies Answer<typeof LinksResponse>);
  });

  on(app, matchApi.rematch, async (c) => {
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

/** A match read as a seat or a spectator: a first read, or a poll answered 304 while nothing changed. */
const read = (path: string, summary: string, params: typeof MatchPath | typeof SeatPath) =>
  createRoute({
    method: 'get',
    path,
    summary,
    security: 'seatToken',
    request: { params },
    responses: { 200: { description: 'The match', schema: (r) => r.MatchResponse }, 304: { description: 'Unchanged' }, ...SEAT_REFUSALS },
  });

/** A page of the older log, as a seat or a spectator sees it. */
const olderLog = (path: string, summary: string, params: typeof MatchPath | typeof SeatPath) =>
  createRoute({
    method: 'get',
    path,
    summary,
    security: 'seatToken',
    request: { params, query: LogQuery },
    describe: { before: 'Only records before this version (the newest of them); default: the newest records' },
    responses: { 200: { description: 'Log', schema: (r) => r.LogPageResponse }, 400: 'Malformed query', ...SEAT_REFUSALS },
  });

export const matchApi = {
  create: createRoute({
    method: 'post',
    path: '/',
    summary:
      'Create a match. `bots` seats computer players in seats 1..n-1 (no invites for them; with every other seat a computer, it starts at once). `timing.onDeadline`: what a passed deadline does (the standard move by default, a computer until the player is back, or forfeit).',
    request: {
      headers: idempotencyHeader(
        'a retry gets the same match, token and links (201 again). The secrets are derived from the key: make it random.',
        CreateIdempotencyKey,
      ),
      body: CreateMatchRequest,
    },
    responses: {
      201: { description: 'Created', schema: (r) => r.CreateMatchResponse },
      400: 'Malformed request (zod issues, at most ten)',
      404: 'No such game',
      413: 'Body over 16 KB',
      422: 'An Idempotency-Key reused for another request',
    },
  }),
  read: read('/{id}/seats/{seat}', 'Read the match as this seat sees it (ETag = version; If-None-Match → 304)', SeatPath),
  spectate: read('/{id}/spectate', 'The spectator view (ETag = version; If-None-Match → 304)', MatchPath),
  log: olderLog('/{id}/seats/{seat}/log', 'Older log entries, as this seat sees them', SeatPath),
  spectatorLog: olderLog('/{id}/spectate/log', 'Older log entries, as spectators see them', MatchPath),
  links: createRoute({
    method: 'post',
    path: '/{id}/seats/{seat}/links',
    summary: 'New invite and spectator links (the old ones stop working; pending moves stay current)',
    security: 'seatToken',
    request: { params: SeatPath, headers: idempotencyHeader('a retry gets the same new links and changes nothing more.') },
    responses: {
      200: { description: 'Links', schema: (r) => r.LinksResponse },
      ...SEAT_REFUSALS,
      422: 'An Idempotency-Key reused for another request',
      429: 'Too many changes beside the game from this seat; wait Retry-After seconds',
    },
  }),
  rematch: createRoute({
    method: 'post',
    path: '/{id}/seats/{seat}/rematch',
    summary: 'Ask for or join the rematch; safe to repeat with or without an Idempotency-Key (the same rematch seat and token)',
    security: 'seatToken',
    request: { params: SeatPath, headers: idempotencyHeader('as without one, the same rematch seat and token.') },
    responses: {
      200: { description: 'My seat in the rematch', schema: (r) => r.JoinResponse },
      ...SEAT_REFUSALS,
      409: 'The match is not over',
    },
  }),
} satisfies ApiRoutes;
