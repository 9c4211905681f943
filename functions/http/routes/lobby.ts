/**
 * The lobby (issue 28): open games listed per game, taking an open seat, "play someone now", opening and
 * withdrawing an open game. The logic is functions/matches/lobby.ts; listing is open to anyone, everything
 * else needs a signed-in player on this site (the session cookie and the Origin check, as the player routes),
 * and every seat it hands out joins that player's record at once (their "my matches").
 *
 *   GET    /api/lobby/games/:game?seats&deadlineDays&rated&options   open games, longest waiting first
 *   POST   /api/lobby                         {game, options, seats, name, deadlineDays, onDeadline?, rated, botsAfterHours?}
 *   POST   /api/lobby/quick                   {game, name, options?, seats?, deadlineDays?, rated?, botsAfterHours?}
 *   POST   /api/lobby/:id/join                {name}: the first open seat; 409 seat-taken when someone was first
 *   DELETE /api/lobby/:id                     the host withdraws it
 */
import { type Context, Hono } from 'hono';
import type { Lobby, LobbyPlayer } from '../../matches/lobby.js';
import { listingOf } from '../../matches/lobby.js';
import type { Safety } from '../../players/safety.js';
import type { PlayerSeats } from '../../players/seats.js';
import type { SignedIn, SignIn } from '../../players/signin.js';
import { type ApiRoutes, createRoute, idempotencyHeader, on } from '../api-route.js';
import {
  GamePath,
  JoinOpenRequest,
  LobbyOptionsFilter,
  LobbyQuery,
  OpenGamePath,
  OpenGameRequest,
  QuickMatchRequest,
} from '../lobby-schemas.js';
import { parseIn } from '../localized.js';
import { idempotencyKey, type Links, requiredJsonBody } from '../request.js';
import type { Answer, LobbyResponse, LobbySeatResponse } from '../responses.js';
import { CreateIdempotencyKey } from '../schemas.js';
import { mustBeSignedIn, requireSameSite, sessionOf } from '../session.js';

export interface LobbyRouteContext {
  lobby: Lobby;
  signIn: SignIn;
  seats: PlayerSeats;
  links: Links;
  clock: () => number;
  publicUrl?: string;
  /** Blocks and suspensions (functions/players/safety.ts): a suspended player is refused, blocked players never paired. */
  safety?: Safety;
}

/** Mounted under /api. */
export function lobbyRoutes(ctx: LobbyRouteContext): Hono {
  const app = new Hono();
  const { lobby } = ctx;
  for (const path of ['/lobby', '/lobby/*']) {
    app.use(path, async (c, next) => {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') requireSameSite(c, ctx.publicUrl);
      await next();
    });
  }

  /** The signed-in caller as the lobby knows them, playing under `name`. */
  const caller = async (c: Context, name: string): Promise<{ who: SignedIn; player: LobbyPlayer }> => {
    const who = await mustBeSignedIn(c, ctx.signIn);
    await ctx.safety?.mustNotBeSuspended(who.player.id);
    return { who, player: { id: who.player.id, name } };
  };

  /** The seat handed out, claimed into the player's record before the answer. */
  const seatAnswer = async (c: Context, who: SignedIn, s: { match: { id: string; gameId: string }; seat: number; token: string }) => {
    await ctx.seats.claim(who.player, [{ matchId: s.match.id, seat: s.seat, token: s.token }]);
    return {
      matchId: s.match.id,
      seat: s.seat,
      token: s.token,
      url: ctx.links.seat(c, s.match.id, s.seat, s.token, s.match.gameId),
    } satisfies Answer<typeof LobbySeatResponse>;
  };

  on(app, lobbyApi.list, async (c) => {
    const { game } = parseIn(c, GamePath(), { game: c.req.param('game') });
    const q = parseIn(c, LobbyQuery(), c.req.query(), 'query');
    const options = q.options === undefined ? undefined : parseIn(c, LobbyOptionsFilter(), q.options, 'options');
    const filter = {
      ...(q.seats === undefined ? {} : { seats: q.seats }),
      ...(q.deadlineDays === undefined ? {} : { deadlineDays: q.deadlineDays }),
      ...(q.rated === undefined ? {} : { rated: q.rated === 'true' }),
      ...(options ? { options } : {}),
    };
    const [games, who] = await Promise.all([lobby.list(game, filter), sessionOf(c, ctx.signIn).catch(() => null)]);
    const now = ctx.clock();
    return c.json({
      games: games.map((e) => ({
        ...listingOf(e),
        waitedMs: Math.max(0, now - e.createdAt),
        ...(who && e.players.includes(who.player.id) ? { yours: true } : {}),
      })),
    } satisfies Answer<typeof LobbyResponse>);
  });

  on(app, lobbyApi.open, async (c) => {
    const input = await requiredJsonBody(c, OpenGameRequest());
    const { who, player } = await caller(c, input.name);
    const key = idempotencyKey(c, CreateIdempotencyKey);
    const { name: _n, ...request } = input;
    const opened = await lobby.open(player, request, key?.key);
    return c.json(await seatAnswer(c, who, { match: opened.match, seat: 0, token: opened.token }), 201);
  });

  on(app, lobbyApi.quick, async (c) => {
    const input = await requiredJsonBody(c, QuickMatchRequest());
    const { who, player } = await caller(c, input.name);
    const { name: _n, ...prefs } = input;
    const avoid = ctx.safety ? await ctx.safety.avoided(player.id) : undefined;
    const found = await lobby.quick(player, prefs, idempotencyKey(c, CreateIdempotencyKey)?.key, avoid);
    return c.json({ ...(await seatAnswer(c, who, found)), joined: found.joined } satisfies Answer<typeof LobbySeatResponse>);
  });

  on(app, lobbyApi.join, async (c) => {
    const { id } = parseIn(c, OpenGamePath(), { id: c.req.param('id') }, 'matchId');
    const input = await requiredJsonBody(c, JoinOpenRequest());
    const { who, player } = await caller(c, input.name);
    const joined = await lobby.join(id, player, idempotencyKey(c)?.key);
    return c.json(await seatAnswer(c, who, joined));
  });

  on(app, lobbyApi.withdraw, async (c) => {
    const { id } = parseIn(c, OpenGamePath(), { id: c.req.param('id') }, 'matchId');
    const who = await mustBeSignedIn(c, ctx.signIn);
    await lobby.withdraw(id, { id: who.player.id, name: '' });
    return c.body(null, 204);
  });
  return app;
}

const signedIn = {
  401: 'Not signed in on this device',
  403: 'cross-site (a state-changing request without this site’s Origin header), or suspended (the operator suspended this player from open games and quick match)',
};

export const lobbyApi = {
  list: createRoute({
    method: 'get',
    path: '/lobby/games/{game}',
    summary: 'The open games of a game, longest waiting first, with their options, pace and the names on the seats taken',
    request: { params: GamePath, query: LobbyQuery },
    responses: { 200: { description: 'Open games', schema: (r) => r.LobbyResponse }, 400: 'Malformed filter', 404: 'No such game' },
  }),
  open: createRoute({
    method: 'post',
    path: '/lobby',
    summary: 'Open a game to anyone (a move deadline is required); the opener takes seat 0',
    security: 'session',
    request: {
      body: OpenGameRequest,
      headers: idempotencyHeader('a retry gets the same match and seat.', CreateIdempotencyKey),
    },
    responses: {
      201: { description: 'Opened', schema: (r) => r.LobbySeatResponse },
      400: 'Malformed request',
      ...signedIn,
      429: 'too-many-open-games (at most 3 waiting at once) or open-game-limit (per hour)',
    },
  }),
  quick: createRoute({
    method: 'post',
    path: '/lobby/quick',
    summary: 'Play someone now: the compatible open game that has waited longest, else a new open game',
    security: 'session',
    request: { body: QuickMatchRequest, headers: idempotencyHeader('a retry that opens a game gets the same one.', CreateIdempotencyKey) },
    responses: {
      200: { description: 'A seat (joined: true when an open game was there)', schema: (r) => r.LobbySeatResponse },
      400: 'Malformed request',
      ...signedIn,
      429: 'No open game fits and this player may open no more now',
    },
  }),
  join: createRoute({
    method: 'post',
    path: '/lobby/{id}/join',
    summary: 'Take the first open seat of an open game (one conditional write: two at once get one seat and one 409)',
    security: 'session',
    request: { params: OpenGamePath, body: JoinOpenRequest, headers: idempotencyHeader('a retry gets the same seat.') },
    responses: {
      200: { description: 'Seated', schema: (r) => r.LobbySeatResponse },
      400: 'Malformed request',
      ...signedIn,
      404: 'not-an-open-game',
      409: 'seat-taken (someone was first) or already-seated',
    },
  }),
  withdraw: createRoute({
    method: 'delete',
    path: '/lobby/{id}',
    summary: 'The host withdraws an open game from the lobby',
    security: 'session',
    request: { params: OpenGamePath },
    responses: { 204: { description: 'Withdrawn (or already gone)' }, ...signedIn, 404: 'not-an-open-game' },
  }),
} satisfies ApiRoutes;
