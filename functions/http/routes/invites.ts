/**
 * /api/matches/:id/invite and /join: what an invite is for, and taking the seat it opens.
 */
import { Hono } from 'hono';
import { gameNameIn, langOf } from '../../i18n.js';
import { parseIn } from '../localized.js';
import { bearer, idempotencyKey, jsonBody, target, type RouteContext } from '../request.js';
import { type ApiRoutes, createRoute, idempotencyHeader, on } from '../api-route.js';
import type { Answer, InviteInfoResponse, JoinResponse } from '../responses.js';
import { JoinRequest, MatchPath } from '../schemas.js';

export function inviteRoutes({ service, links, seatName, whoIs }: RouteContext): Hono {
  const app = new Hono();

  on(app, inviteApi.join, async (c) => {
    const { id } = target(c);
    const key = idempotencyKey(c);
    const input = parseIn(c, JoinRequest(), (await jsonBody(c)).value);
    const joined = await service.join(
      id,
      input.invite,
      (await seatName?.(c)) ?? input.name,
      key?.key,
      (await whoIs?.(c).catch(() => null)) ?? null,
    );
    return c.json({
      matchId: id,
      seat: joined.seat,
      token: joined.token,
      url: links.seat(c, id, joined.seat, joined.token, joined.match.gameId),
    } satisfies Answer<typeof JoinResponse>);
  });

  // An invite's holder sees what they are invited to before choosing a name: the game, its options,
  // who made the match and which seats are taken — facts every player of the match sees. A used or
  // replaced invite learns nothing but that (the page says so at once, not after a name is typed).
  on(app, inviteApi.invitation, async (c) => {
    const secret = bearer(c);
    const { id } = target(c);
    const { match, seat } = await service.invitation(id, secret);
    return c.json({
      matchId: id,
      game: { id: match.gameId, name: gameNameIn(langOf(c.req), match.gameId, service.gameName(match.gameId)) },
      options: match.options,
      status: match.status,
      seat,
      invitedBy: match.seats[0]?.name ?? null,
      createdAt: match.createdAt,
      seats: match.seats.map((s, i) => ({
        seat: i,
        name: s.name,
        joined: s.tokenHash !== null || s.bot !== undefined,
        ...(s.bot ? { bot: s.bot.standIn ? { level: s.bot.level, standIn: s.bot.standIn } : { level: s.bot.level } } : {}),
      })),
    } satisfies Answer<typeof InviteInfoResponse>);
  });

  return app;
}

export const inviteApi = {
  join: createRoute({
    method: 'post',
    path: '/{id}/join',
    summary: 'Take a seat through an invite link',
    request: {
      params: MatchPath,
      headers: idempotencyHeader(
        'a retry with the same invite gets the same seat and token (without a key, a second call gets 403 invite-used).',
      ),
      body: JoinRequest,
    },
    responses: {
      200: { description: 'Joined', schema: (r) => r.JoinResponse },
      400: 'Malformed request',
      403: 'The invite is used or replaced',
      404: 'No such match',
      422: 'An Idempotency-Key reused for another request',
    },
  }),
  invitation: createRoute({
    method: 'get',
    path: '/{id}/invite',
    summary: 'What an invite offers (game, options, who made it, the seats); the invite secret is the bearer token; 403 once used',
    security: 'seatToken',
    request: { params: MatchPath },
    responses: {
      200: { description: 'The invite', schema: (r) => r.InviteInfoResponse },
      401: 'Missing or malformed token',
      403: 'The invite is used or replaced',
      404: 'No such match',
    },
  }),
} satisfies ApiRoutes;
