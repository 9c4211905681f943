/**
 * The HTTP API as one hono app: `createApp(deps)` → fetch(Request) → Response.
 * The Lambda handler (lambda.ts) and the local server (local/server.ts) are thin adapters around it.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AnyGame } from '../shared/engine/game.js';
import { bearerToken } from './http/bearer.js';
import { ApiError, parse } from './http/errors.js';
import { openApiDocument } from './http/openapi.js';
import {
  CreateIdempotencyKey,
  CreateMatchRequest,
  IdempotencyKey,
  JoinRequest,
  LogQuery,
  MatchId,
  MoveRequest,
  ResignRequest,
  SeatParam,
} from './http/schemas.js';
import { MatchService, type Caller } from './matches/service.js';
import { sameHash, sha256 } from './matches/tokens.js';
import type { MatchStore } from './matches/port.js';
import { DB_RETRY_AFTER_S, isDatabaseUnavailable } from './storage/bounds.js';

export interface AppDeps {
  store: MatchStore;
  games: ReadonlyMap<string, AnyGame>;
  clock?: () => number;
  /** Origin used in links (e.g. https://dutch.example); defaults to the request's own origin. */
  publicUrl?: string;
  /** Extra routes mounted under /api by other parts of the platform (notifications). */
  extend?: (api: Hono, service: MatchService) => void;
}

export const MAX_BODY_BYTES = 16 * 1024;
export const INTERNAL_MESSAGE =
  'Something went wrong on our side. Your change may or may not have been saved: reload to see, then try again if it is missing.';
/** What an address under /api that no route answers gets, here and from the local server. */
export const NOT_FOUND_BODY = { error: { code: 'not-found', message: 'No such address.' } } as const;

export function createApp(deps: AppDeps): Hono {
  const service = new MatchService({ store: deps.store, games: deps.games, clock: deps.clock ?? Date.now });
  const app = new Hono();

  app.use('/api/*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(new ApiError(413, 'too-large', `Requests are limited to ${MAX_BODY_BYTES} bytes.`).toBody(), 413),
    }),
  );

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      if (err.retryAfter !== undefined) c.header('Retry-After', String(err.retryAfter));
      return c.json(err.toBody(), err.status);
    }
    if (isDatabaseUnavailable(err)) {
      c.header('Retry-After', String(DB_RETRY_AFTER_S));
      const message = `The database did not answer in time. Try again in ${DB_RETRY_AFTER_S} seconds; a move sent again with the same Idempotency-Key is made at most once.`;
      return c.json(new ApiError(503, 'database-unavailable', message).toBody(), 503);
    }
    console.error(JSON.stringify({ level: 'error', message: 'unhandled', path: c.req.path, error: String(err), stack: (err as Error).stack }));
    // A failure after the write was sent cannot tell whether it was saved: say so, never "nothing changed".
    return c.json({ error: { code: 'internal', message: INTERNAL_MESSAGE } }, 500);
  });
  app.notFound((c) => c.json(NOT_FOUND_BODY, 404));

  const origin = (c: Context) => deps.publicUrl ?? new URL(c.req.url).origin;
  const links = {
    // The game id lets the page fetch the game's board while the match is being read.
    seat: (c: Context, id: string, seat: number, token: string, game?: string) =>
      `${origin(c)}/m/${id}#seat=${seat}&token=${token}${game ? `&game=${encodeURIComponent(game)}` : ''}`,
    invite: (c: Context, id: string, secret: string) => `${origin(c)}/m/${id}#invite=${secret}`,
    watch: (c: Context, id: string, secret: string) => `${origin(c)}/m/${id}#watch=${secret}`,
  };

  /** Reads the JSON body (bodyLimit has already capped its size); `{}` when there is none. */
  async function jsonBody(c: Context): Promise<{ value: unknown; text: string }> {
    const text = await c.req.text();
    if (text.trim() === '') return { value: {}, text };
    const type = c.req.header('Content-Type') ?? '';
    if (!/^application\/json\b/i.test(type)) throw new ApiError(415, 'unsupported-media-type', 'Send the body as application/json.');
    try {
      return { value: JSON.parse(text) as unknown, text };
    } catch {
      throw new ApiError(400, 'invalid-json', 'The body is not valid JSON.');
    }
  }

  const bearer = (c: Context) => bearerToken(c.req.header('Authorization'));

  /** The optional Idempotency-Key header, checked for shape (a create's key seeds secrets: a stricter shape). */
  function idempotencyKey(c: Context, schema: typeof IdempotencyKey = IdempotencyKey): { key: string } | undefined {
    const header = c.req.header('Idempotency-Key');
    return header === undefined ? undefined : { key: parse(schema, header, 'Idempotency-Key header') };
  }

  /** Path parameters are validated before anything is read. */
  function target(c: Context) {
    const id = parse(MatchId, c.req.param('id'), 'match id');
    const seatText = c.req.param('seat');
    return { id, seat: seatText === undefined ? undefined : parse(SeatParam, seatText, 'seat') };
  }

  async function authorize(c: Context): Promise<{ id: string; caller: Caller; version: number }> {
    const token = bearer(c);
    const { id, seat } = target(c);
    const head = await service.head(id);
    const caller = service.authenticate(head, token, seat === undefined ? 'spectator' : { seat });
    return { id, caller, version: head.version };
  }

  const etagOf = (version: number) => `"${version}"`;
  function notModified(c: Context, version: number): boolean {
    const inm = c.req.header('If-None-Match');
    if (!inm) return false;
    return inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etagOf(version));
  }

  // ------------------------------------------------------------------ routes

  app.get('/api/health', (c) => c.json({ ok: true }));

  app.get('/api/games', (c) =>
    c.json({
      games: [...deps.games.values()].map((g) => ({ id: g.id, name: g.name, minSeats: g.minSeats, maxSeats: g.maxSeats })),
    }),
  );

  app.get('/api/openapi.json', (c) => c.json(openApiDocument([...deps.games.values()])));

  app.post('/api/matches', async (c) => {
    const key = idempotencyKey(c, CreateIdempotencyKey);
    const input = parse(CreateMatchRequest, (await jsonBody(c)).value);
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
      },
      201,
    );
  });

  app.post('/api/matches/:id/join', async (c) => {
    const { id } = target(c);
    const key = idempotencyKey(c);
    const input = parse(JoinRequest, (await jsonBody(c)).value);
    const joined = await service.join(id, input.invite, input.name, key?.key);
    return c.json({ matchId: id, seat: joined.seat, token: joined.token, url: links.seat(c, id, joined.seat, joined.token, joined.match.gameId) });
  });

  // An invite's holder sees what they are invited to before choosing a name: the game, its options,
  // who made the match and which seats are taken — facts every player of the match sees. A used or
  // replaced invite learns nothing but that (the page says so at once, not after a name is typed).
  app.get('/api/matches/:id/invite', async (c) => {
    const secret = bearer(c);
    const { id } = target(c);
    const match = await deps.store.get(id);
    if (!match) throw new ApiError(404, 'no-such-match', 'There is no such match.');
    const hash = sha256(secret);
    const seat = match.seats.findIndex((s) => sameHash(s.inviteHash, hash));
    if (seat < 0) throw new ApiError(403, 'invite-used', 'This invite link has already been used or was replaced.');
    return c.json({
      matchId: id,
      game: { id: match.gameId, name: deps.games.get(match.gameId)?.name ?? match.gameId },
      options: match.options,
      status: match.status,
      seat,
      invitedBy: match.seats[0]?.name ?? null,
      createdAt: match.createdAt,
      seats: match.seats.map((s, i) => ({ seat: i, name: s.name, joined: s.tokenHash !== null })),
    });
  });

  const readMatch = async (c: Context) => {
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Authorization');
    let body;
    if (c.req.header('If-None-Match')) {
      // A poll: the small projection first, and nothing more while the match is unchanged.
      const { id, caller, version } = await authorize(c);
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
    return c.json(body);
  };
  app.get('/api/matches/:id/seats/:seat', readMatch);
  app.get('/api/matches/:id/spectate', readMatch);

  const readLog = async (c: Context) => {
    const { id, caller } = await authorize(c);
    const q = parse(LogQuery, c.req.query(), 'query');
    return c.json({ log: await service.olderLog(id, caller, q.before ?? Number.MAX_SAFE_INTEGER) });
  };
  app.get('/api/matches/:id/seats/:seat/log', readLog);
  app.get('/api/matches/:id/spectate/log', readLog);

  app.post('/api/matches/:id/seats/:seat/moves', async (c) => {
    const token = bearer(c);
    const { id, seat } = target(c);
    const key = idempotencyKey(c);
    const request = parse(MoveRequest, (await jsonBody(c)).value);
    const result = await service.move(id, seat!, sha256(token), request, key);
    c.header('ETag', etagOf(result.version));
    return c.body(result.json, result.status as 200, { 'Content-Type': 'application/json' });
  });

  app.post('/api/matches/:id/seats/:seat/resign', async (c) => {
    const { id, caller } = await authorize(c);
    const key = idempotencyKey(c);
    const request = parse(ResignRequest, (await jsonBody(c)).value);
    const result = await service.resign(id, (caller as { seat: number }).seat, request, key);
    return c.body(result.json, result.status as 200, { 'Content-Type': 'application/json' });
  });

  app.post('/api/matches/:id/seats/:seat/links', async (c) => {
    const { id, caller } = await authorize(c);
    const key = idempotencyKey(c);
    const renewed = await service.renewLinks(id, (caller as { seat: number }).seat, bearer(c), key);
    return c.json({
      invites: renewed.invites.map((i) => ({ seat: i.seat, url: links.invite(c, id, i.secret) })),
      spectatorUrl: links.watch(c, id, renewed.spectator),
    });
  });

  app.post('/api/matches/:id/seats/:seat/rematch', async (c) => {
    const { id, caller } = await authorize(c);
    idempotencyKey(c); // accepted and checked; a rematch is safe to repeat with or without one (service.rematch)
    const { gameId, ...r } = await service.rematch(id, (caller as { seat: number }).seat, bearer(c));
    return c.json({ ...r, url: links.seat(c, r.matchId, r.seat, r.token, gameId) });
  });

  deps.extend?.(app, service);
  return app;
}
