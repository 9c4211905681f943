/**
 * Challenges by name (issue 28): a signed-in player challenges another by their player name to a new match, the
 * challenged player accepts or declines, the challenger may withdraw. The logic is functions/matches/challenges.ts;
 * every route needs a signed-in player on this site (the session cookie and the Origin check), and a seat it hands
 * out joins that player's record at once (their "my matches").
 *
 *   GET    /api/challenges                  {incoming, outgoing}: the pending challenges, names only
 *   POST   /api/challenges                  {opponent, game, options, seats, name, timing?, bots?, rated?}
 *   POST   /api/challenges/:id/accept       {name}: seat 1; the match starts when full
 *   POST   /api/challenges/:id/decline      the challenger is told
 *   DELETE /api/challenges/:id              the challenger withdraws it
 */
import { type Context, Hono } from 'hono';
import { isGameId } from '#shared/games/ids.js';
import type { ChallengeEntry } from '../../matches/challenge-port.js';
import type { ChallengePlayer, Challenges } from '../../matches/challenges.js';
import { MatchError } from '../../matches/errors.js';
import type { PlayerSeats } from '../../players/seats.js';
import type { SignedIn, SignIn } from '../../players/signin.js';
import { poolOf } from '../../ratings/model.js';
import { type ApiRoutes, createRoute, idempotencyHeader, on, SIGNED_IN_REFUSALS } from '../api-route.js';
import { AcceptChallengeRequest, ChallengePath, ChallengeRequest } from '../challenge-schemas.js';
import { parseIn } from '../localized.js';
import { idempotencyKey, type Links, requiredJsonBody } from '../request.js';
import type { Answer, ChallengeSeatResponse, ChallengesResponse } from '../responses.js';
import { CreateIdempotencyKey } from '../schemas.js';
import { mustBeSignedIn, requireSameSite } from '../session.js';

export interface ChallengeRouteContext {
  challenges: Challenges;
  signIn: SignIn;
  seats: PlayerSeats;
  links: Links;
  /** The signed-in player's own name, when they chose one (functions/players/profiles.ts). */
  nameOf: (playerId: string) => Promise<string | null>;
  publicUrl?: string;
}

const listed = (e: ChallengeEntry) => ({
  matchId: e.matchId,
  gameId: e.gameId,
  seats: e.seats,
  rated: e.rated,
  from: e.fromName,
  to: e.toName,
  createdAt: e.createdAt,
  until: e.until,
});

/** Mounted under /api. */
export function challengeRoutes(ctx: ChallengeRouteContext): Hono {
  const app = new Hono();
  const { challenges } = ctx;
  for (const path of ['/challenges', '/challenges/*']) {
    app.use(path, async (c, next) => {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') requireSameSite(c, ctx.publicUrl);
      await next();
    });
  }

  /** The signed-in caller, playing under their player name (else the name they typed). */
  const caller = async (c: Context, typed: string): Promise<{ who: SignedIn; player: ChallengePlayer }> => {
    const who = await mustBeSignedIn(c, ctx.signIn);
    return { who, player: { id: who.player.id, name: (await ctx.nameOf(who.player.id)) ?? typed } };
  };

  /** The seat handed out, claimed into the player's record before the answer. */
  const seatAnswer = async (c: Context, who: SignedIn, s: { match: { id: string; gameId: string }; seat: number; token: string }) => {
    await ctx.seats.claim(who.player, [{ matchId: s.match.id, seat: s.seat, token: s.token }]);
    return { matchId: s.match.id, seat: s.seat, token: s.token, url: ctx.links.seat(c, s.match.id, s.seat, s.token, s.match.gameId) };
  };

  on(app, challengeApi.list, async (c) => {
    const who = await mustBeSignedIn(c, ctx.signIn);
    const [incoming, outgoing] = await Promise.all([challenges.incoming(who.player.id), challenges.outgoing(who.player.id)]);
    return c.json({ incoming: incoming.map(listed), outgoing: outgoing.map(listed) } satisfies Answer<typeof ChallengesResponse>);
  });

  on(app, challengeApi.create, async (c) => {
    const input = await requiredJsonBody(c, ChallengeRequest());
    const { who, player } = await caller(c, input.name);
    // The server's rule for rated matches (as functions/http/routes/matches.ts): the game at this seat count has a rating.
    if (input.rated && isGameId(input.game) && poolOf(input.game, input.seats) === null)
      throw new MatchError('not-ratable', { key: 'error.not-ratable', params: { seats: input.seats } });
    const { name: _n, ...request } = input;
    const made = await challenges.challenge(player, request, idempotencyKey(c, CreateIdempotencyKey)?.key);
    const seat = await seatAnswer(c, who, { match: made.match, seat: 0, token: made.token });
    const invites = made.invites.map((i) => ({ seat: i.seat, url: ctx.links.invite(c, made.match.id, i.secret) }));
    return c.json({ ...seat, invites } satisfies Answer<typeof ChallengeSeatResponse>, 201);
  });

  on(app, challengeApi.accept, async (c) => {
    const { id } = parseIn(c, ChallengePath(), { id: c.req.param('id') }, 'matchId');
    const input = await requiredJsonBody(c, AcceptChallengeRequest());
    const { who, player } = await caller(c, input.name);
    const joined = await challenges.accept(id, player, idempotencyKey(c)?.key);
    return c.json((await seatAnswer(c, who, joined)) satisfies Answer<typeof ChallengeSeatResponse>);
  });

  on(app, challengeApi.decline, async (c) => {
    const { id } = parseIn(c, ChallengePath(), { id: c.req.param('id') }, 'matchId');
    const who = await mustBeSignedIn(c, ctx.signIn);
    await challenges.decline(id, { id: who.player.id, name: '' });
    return c.body(null, 204);
  });

  on(app, challengeApi.withdraw, async (c) => {
    const { id } = parseIn(c, ChallengePath(), { id: c.req.param('id') }, 'matchId');
    const who = await mustBeSignedIn(c, ctx.signIn);
    await challenges.withdraw(id, { id: who.player.id, name: '' });
    return c.body(null, 204);
  });
  return app;
}

const answered = {
  ...SIGNED_IN_REFUSALS,
  404: 'no-such-challenge (none for this player)',
  409: 'challenge-closed (already answered or withdrawn)',
};

export const challengeApi = {
  list: createRoute({
    method: 'get',
    path: '/challenges',
    summary: 'The signed-in player’s pending challenges: to them (incoming) and by them (outgoing), with names only',
    security: 'session',
    responses: { 200: { description: 'Pending challenges', schema: (r) => r.ChallengesResponse }, 401: SIGNED_IN_REFUSALS[401] },
  }),
  create: createRoute({
    method: 'post',
    path: '/challenges',
    summary: 'Challenge a player by name to a new match: the challenger takes seat 0, seat 1 is kept for the challenged player',
    security: 'session',
    request: { body: ChallengeRequest, headers: idempotencyHeader('a retry gets the same match and seat.', CreateIdempotencyKey) },
    responses: {
      201: { description: 'Challenged', schema: (r) => r.ChallengeSeatResponse },
      400: 'Malformed request, challenge-self, invalid-seats or invalid-bots (seat 1 is the challenged player’s), not-ratable',
      ...SIGNED_IN_REFUSALS,
      403: 'cross-site, challenge-blocked (either player blocked the other) or suspended',
      404: 'no-such-opponent (no player by that name)',
      429: 'too-many-challenges (at most 20 pending) or challenge-limit (at most 50 a day)',
    },
  }),
  accept: createRoute({
    method: 'post',
    path: '/challenges/{id}/accept',
    summary: 'The challenged player accepts: seated in one conditional write; the match starts when every seat is filled',
    security: 'session',
    request: { params: ChallengePath, body: AcceptChallengeRequest, headers: idempotencyHeader('a retry gets the same seat.') },
    responses: { 200: { description: 'Seated', schema: (r) => r.ChallengeSeatResponse }, 400: 'Malformed request', ...answered },
  }),
  decline: createRoute({
    method: 'post',
    path: '/challenges/{id}/decline',
    summary: 'The challenged player declines; the challenger is told',
    security: 'session',
    request: { params: ChallengePath },
    responses: { 204: { description: 'Declined (or already declined)' }, ...answered },
  }),
  withdraw: createRoute({
    method: 'delete',
    path: '/challenges/{id}',
    summary: 'The challenger withdraws a pending challenge',
    security: 'session',
    request: { params: ChallengePath },
    responses: { 204: { description: 'Withdrawn (or already withdrawn)' }, ...answered },
  }),
} satisfies ApiRoutes;
