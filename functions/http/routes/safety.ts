/**
 * Block and report (functions/players/safety.ts). Every route needs a signed-in player; state-changing ones this
 * site's Origin. A player is named by their player name, never their id.
 *
 *   GET    /api/me/blocks              the players I blocked, most recent first (names; hidden ones as a placeholder)
 *   PUT    /api/players/{name}/block   block them: never in quick match together, their chat hidden from me
 *   DELETE /api/players/{name}/block   unblock
 *   POST   /api/reports                {kind: player|name, name, reason, text?} or {kind: chat, matchId, seq, reason, text?}
 */
import { Hono } from 'hono';
import type { MatchStore } from '../../matches/port.js';
import { PlayerError } from '../../players/errors.js';
import type { PlayerStore } from '../../players/port.js';
import type { PlayerProfiles } from '../../players/profiles.js';
import type { ReportInput, Safety } from '../../players/safety.js';
import type { SignIn } from '../../players/signin.js';
import { type ApiRoutes, createRoute, on, SIGNED_IN_REFUSALS } from '../api-route.js';
import { parseIn } from '../localized.js';
import { PlayerNamePath } from '../player-schemas.js';
import { requiredJsonBody } from '../request.js';
import { ReportRequest } from '../safety-schemas.js';
import { mustBeSignedIn, requireSameSite } from '../session.js';

export interface SafetyRouteContext {
  safety: Safety;
  signIn: SignIn;
  profiles: PlayerProfiles;
  players: PlayerStore;
  matches: MatchStore;
  publicUrl?: string;
}

/** Mounted under /api. */
export function safetyRoutes(ctx: SafetyRouteContext): Hono {
  const app = new Hono();
  const { safety, signIn, profiles } = ctx;

  /** The player going by the name in the path (a hidden one is nobody). */
  const named = async (raw: string) => {
    const id = await profiles.playerIdByName(raw);
    if (!id || (await safety.hidden(id))) throw new PlayerError('no-such-player', 'error.no-such-player');
    return id;
  };

  on(app, safetyApi.blocks, async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    const blocked = await safety.blocked(who.player.id);
    const known = await profiles.presences(blocked.map((b) => b.playerId));
    const hidden = await safety.deps.store.standings(blocked.map((b) => b.playerId));
    return c.json({
      players: blocked.map((b) => ({
        name: hidden.get(b.playerId)?.hidden ? null : (known.get(b.playerId)?.name ?? null),
        at: b.at,
      })),
    });
  });

  on(app, safetyApi.block, async (c) => {
    requireSameSite(c, ctx.publicUrl);
    const who = await mustBeSignedIn(c, signIn);
    const { name } = parseIn(c, PlayerNamePath(), { name: c.req.param('name') });
    await safety.block(who.player.id, await named(name));
    return c.body(null, 204);
  });

  on(app, safetyApi.unblock, async (c) => {
    requireSameSite(c, ctx.publicUrl);
    const who = await mustBeSignedIn(c, signIn);
    const { name } = parseIn(c, PlayerNamePath(), { name: c.req.param('name') });
    const id = await profiles.playerIdByName(name);
    if (id) await safety.unblock(who.player.id, id);
    return c.body(null, 204);
  });

  on(app, safetyApi.report, async (c) => {
    requireSameSite(c, ctx.publicUrl);
    const who = await mustBeSignedIn(c, signIn);
    const input = await requiredJsonBody(c, ReportRequest());
    const text = input.text?.trim() ? { text: input.text } : {};
    let report: ReportInput;
    if (input.kind === 'chat') {
      const [message] = await ctx.matches.chatMessages(input.matchId, { after: input.seq - 1, limit: 1 });
      const target = message?.seq === input.seq ? await ctx.players.seatOwner(input.matchId, message.seat) : null;
      if (!message || !target) throw new PlayerError('no-such-player', 'error.no-such-player');
      const name = (await profiles.profile(target))?.name ?? null;
      report = {
        target,
        targetName: name,
        kind: 'chat',
        reason: input.reason,
        ...text,
        chat: { matchId: input.matchId, seq: message.seq, text: message.text },
      };
    } else {
      const target = await named(input.name);
      report = { target, targetName: (await profiles.profile(target))?.name ?? null, kind: input.kind, reason: input.reason, ...text };
    }
    await safety.report(who.player.id, report);
    return c.body(null, 204);
  });
  return app;
}

const refused = SIGNED_IN_REFUSALS;

export const safetyApi = {
  blocks: createRoute({
    method: 'get',
    path: '/me/blocks',
    summary: 'The players I blocked, most recent first (a player the operator hid shows no name)',
    security: 'session',
    responses: { 200: { description: 'The blocked players' }, 401: refused[401] },
  }),
  block: createRoute({
    method: 'put',
    path: '/players/{name}/block',
    summary: 'Block a player: quick match never seats us together (either way), and their chat is left out of what I read',
    security: 'session',
    request: { params: PlayerNamePath },
    responses: {
      204: { description: 'Blocked (or already)' },
      400: 'cannot-block-self',
      404: 'no-such-player',
      409: 'too-many-blocks (at most 200)',
      ...refused,
    },
  }),
  unblock: createRoute({
    method: 'delete',
    path: '/players/{name}/block',
    summary: 'Unblock a player',
    security: 'session',
    request: { params: PlayerNamePath },
    responses: { 204: { description: 'Not blocked (any more)' }, ...refused },
  }),
  report: createRoute({
    method: 'post',
    path: '/reports',
    summary: 'Report a player, their name or one chat message, with a reason and up to 500 characters of your own; stored for the operator',
    security: 'session',
    request: { body: ReportRequest },
    responses: {
      204: { description: 'Stored' },
      400: 'Malformed report, or cannot-report-self',
      404: 'no-such-player (no such name, or no such chat message)',
      429: 'report-limit: 10 reports a day, with Retry-After',
      ...refused,
    },
  }),
} satisfies ApiRoutes;
