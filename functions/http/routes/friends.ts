/**
 * Friends (functions/players/friends.ts): whom a signed-in player follows, with their presence and open games.
 * Mounted under /api. State-changing requests must carry this site's Origin.
 *
 *   GET    /api/me/friends          whom I follow: name, presence, since, their open games
 *   GET    /api/me/friends/{name}   whether I follow that player
 *   PUT    /api/me/friends/{name}   follow them (again: nothing changes)
 *   DELETE /api/me/friends/{name}   stop following them
 *
 * No answer holds a player's id: friends are known by their names.
 */
import { Hono } from 'hono';
import type { Friends } from '../../players/friends.js';
import type { SignIn } from '../../players/signin.js';
import { type ApiRoutes, createRoute, on, SIGNED_IN_REFUSALS } from '../api-route.js';
import { parseIn } from '../localized.js';
import { PlayerNamePath } from '../player-schemas.js';
import { mustBeSignedIn, requireSameSite } from '../session.js';

export interface FriendRouteContext {
  signIn: SignIn;
  friends: Friends;
  publicUrl?: string;
}

export function friendRoutes(ctx: FriendRouteContext): Hono {
  const app = new Hono();
  const { signIn, friends } = ctx;
  on(app, friendApi.list, async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    c.header('Cache-Control', 'private, no-cache');
    return c.json({ friends: await friends.list(who.player.id) });
  });
  on(app, friendApi.one, async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    const { name } = parseIn(c, PlayerNamePath(), { name: c.req.param('name') });
    c.header('Cache-Control', 'private, no-cache');
    return c.json(await friends.follows(who.player.id, name));
  });
  on(app, friendApi.follow, async (c) => {
    requireSameSite(c, ctx.publicUrl);
    const who = await mustBeSignedIn(c, signIn);
    const { name } = parseIn(c, PlayerNamePath(), { name: c.req.param('name') });
    await friends.follow(who.player.id, name);
    return c.body(null, 204);
  });
  on(app, friendApi.unfollow, async (c) => {
    requireSameSite(c, ctx.publicUrl);
    const who = await mustBeSignedIn(c, signIn);
    const { name } = parseIn(c, PlayerNamePath(), { name: c.req.param('name') });
    await friends.unfollow(who.player.id, name);
    return c.body(null, 204);
  });
  return app;
}

const refused = SIGNED_IN_REFUSALS;

export const friendApi = {
  list: createRoute({
    method: 'get',
    path: '/me/friends',
    summary: 'Whom I follow: each one’s name, presence (unless hidden), since when, and the open games they host',
    security: 'session',
    responses: { 200: { description: 'The friends, online first' }, 401: refused[401] },
  }),
  one: createRoute({
    method: 'get',
    path: '/me/friends/{name}',
    summary: 'Whether I follow the player going by this name (`following`), and whether it is mine (`self`)',
    security: 'session',
    request: { params: PlayerNamePath },
    responses: { 200: { description: '{following, self}' }, 401: refused[401] },
  }),
  follow: createRoute({
    method: 'put',
    path: '/me/friends/{name}',
    summary: 'Follow a player by their name (nobody is told); at most 200',
    security: 'session',
    request: { params: PlayerNamePath },
    responses: {
      204: { description: 'Followed' },
      400: 'follow-self',
      404: 'no-such-player',
      409: 'follow-limit: 200 followed already',
      ...refused,
    },
  }),
  unfollow: createRoute({
    method: 'delete',
    path: '/me/friends/{name}',
    summary: 'Stop following a player',
    security: 'session',
    request: { params: PlayerNamePath },
    responses: { 204: { description: 'No longer followed' }, 404: 'no-such-player', ...refused },
  }),
} satisfies ApiRoutes;
