/**
 * The OpenAPI 3.1 document, made from the routes the route modules declare (functions/http/api-route.ts):
 * their paths, methods, answers and the same zod schemas that parse their requests. The handlers are
 * registered from the same declarations (`on`); a route served without its declaration, or declared and
 * not served, fails tests/platform/openapi.test.ts.
 *
 * The answers' schemas (./responses.ts) are imported here alone, and with `import()`: esbuild keeps the
 * module in the one-file Lambda bundle behind a lazy initializer, so its zod schemas are built when the
 * document is first made, not at every cold start.
 */
import * as z from 'zod/mini';
import type { AnyGame } from '#shared/engine/game.js';
import { SIDE_CHANGES } from '../matches/side-changes.js';
import {
  API_BASE,
  type ApiAnswer,
  type ApiRoute,
  type ApiRoutes,
  type ApiSchema,
  createRoute,
  MATCHES_BASE,
  type ResponseSchemas,
} from './api-route.js';
import { chatApi } from './routes/chat.js';
import { inviteApi } from './routes/invites.js';
import { friendApi } from './routes/friends.js';
import { challengeApi } from './routes/challenges.js';
import { vacationApi } from './routes/vacation.js';
import { lobbyApi } from './routes/lobby.js';
import { matchApi } from './routes/matches.js';
import { moveApi } from './routes/moves.js';
import { notificationApi } from './routes/notifications.js';
import { playerApi } from './routes/players.js';
import { profileApi, seatPresenceApi } from './routes/profiles.js';
import { ratingApi } from './routes/ratings.js';
import { replayApi } from './routes/replay.js';
import { safetyApi } from './routes/safety.js';
import { standInApi } from './routes/stand-in.js';
import { timingApi } from './routes/timing.js';
import { undoApi } from './routes/undo.js';
import { webhookApi } from './routes/webhooks.js';
import { playerWebhookApi } from './routes/player-webhooks.js';

/** The routes functions/app.ts answers itself (mounted under API_BASE). */
export const appApi = {
  health: createRoute({
    method: 'get',
    path: '/health',
    summary: 'Liveness: answers `{ ok: true }`',
    responses: { 200: { description: 'Up' } },
  }),
  document: createRoute({
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    responses: { 200: { description: 'OpenAPI 3.1 document' } },
  }),
  games: createRoute({
    method: 'get',
    path: '/games',
    summary: 'The games, named in the request’s language',
    responses: { 200: { description: 'Games', schema: (r) => r.GamesResponse } },
  }),
} satisfies ApiRoutes;

/** Where functions/app.ts mounts each route module. */
const MOUNTED: readonly [prefix: string, routes: ApiRoutes[]][] = [
  [API_BASE, [appApi]],
  [MATCHES_BASE, [matchApi, inviteApi, moveApi, standInApi, chatApi, replayApi, undoApi, timingApi, webhookApi]],
  [API_BASE, [notificationApi, playerApi, ratingApi, lobbyApi, challengeApi, playerWebhookApi]],
  [API_BASE, [profileApi, friendApi, vacationApi]],
  [API_BASE, [safetyApi]],
  [MATCHES_BASE, [seatPresenceApi]],
];

const IDEMPOTENCY = `Every call that changes something accepts an Idempotency-Key header (8–64 of A–Z a–z 0–9 - _; 22 or more, random, to create a match). A retry with the same key and the same request (compared after parsing: key order and spacing do not matter) gets the first answer and changes nothing more. A rematch is safe to repeat even without a key: every call from a seat, in parallel or not, with any keys or none, gets the same rematch seat and working token. Changes beside the game (new links, pausing, resuming) raise the match version, so polls see them, but a move or resignation made at any version since the game last changed is still accepted; each seat may make ${SIDE_CHANGES.perWindow} such changes per hour (then 429 with Retry-After).`;

const SECURITY_SCHEMES = {
  seatToken: { type: 'http', scheme: 'bearer', description: 'Seat or spectator secret from the match link' },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: '__Host-session',
    description:
      'Set by opening a sign-in link; HttpOnly, Secure, SameSite=Strict. Every state-changing request must also carry this site’s Origin header.',
  },
};

const jsonSchema = (schema: ApiSchema) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
/** A parameter's schema: no `$schema` of its own (it is part of the document). */
const parameterSchema = (schema: ApiSchema) => {
  const { $schema: _, ...rest } = jsonSchema(schema);
  return rest;
};
/** What the path parameters every match route has mean, unless a route says otherwise. */
const PARAMETER_WORDS: Record<string, string> = {
  id: 'The match id',
  seat: 'Seat number, written plainly (0–7)',
};
const json = (schema: ApiSchema) => ({ 'application/json': { schema: jsonSchema(schema) } });

export async function openApiDocument(games: AnyGame[]) {
  const responses = await import('./responses.js');
  const moveSchemas = Object.fromEntries(games.map((g) => [`Move_${g.id}`, tryJsonSchema(g.move)]).filter(([, s]) => s !== null));
  const optionSchemas = Object.fromEntries(games.map((g) => [`Options_${g.id}`, tryJsonSchema(g.options)]).filter(([, s]) => s !== null));
  return {
    openapi: '3.1.0',
    info: { title: 'Dutch play-by-web API', version: '1', description: IDEMPOTENCY },
    components: { securitySchemes: SECURITY_SCHEMES, schemas: { ...moveSchemas, ...optionSchemas } },
    paths: paths(responses),
  };
}

/** Every declared route as an operation under its path. */
function paths(responses: ResponseSchemas): Record<string, Record<string, object>> {
  const out: Record<string, Record<string, object>> = {};
  for (const [prefix, modules] of MOUNTED) {
    for (const route of modules.flatMap((m) => Object.values(m))) {
      const path = `${prefix}${route.path === '/' ? '' : route.path}`;
      out[path] = { ...out[path], [route.method]: operation(route, responses) };
    }
  }
  return out;
}

function operation(route: ApiRoute, responseSchemas: ResponseSchemas): object {
  const { summary, security, request = {}, responses } = route;
  const parameters = [...fromObject(route, 'path', request.params?.()), ...fromObject(route, 'query', request.query?.())];
  for (const [name, header] of Object.entries(request.headers ?? {})) {
    parameters.push({ name, in: 'header', required: false, schema: parameterSchema(header.schema()), description: header.description });
  }
  return {
    summary,
    ...(security ? { security: [{ [security]: [] }] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(request.body ? { requestBody: { required: !request.bodyOptional, content: json(request.body()) } } : {}),
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, answer]) => [status, response(Number(status), answer, responseSchemas)]),
    ),
  };
}

/** One parameter per property of a path or query schema. */
function fromObject(route: ApiRoute, where: 'path' | 'query', schema: z.ZodMiniObject | undefined): Record<string, unknown>[] {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchema(schema) as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(properties).map(([name, s]) => {
    const description = route.describe?.[name] ?? PARAMETER_WORDS[name];
    return { name, in: where, required: where === 'path' || required.includes(name), schema: s, ...(description ? { description } : {}) };
  });
}

/** An answer; a refusal (4xx, 5xx) without its own schema has the error body every refusal has. */
function response(status: number, answer: ApiAnswer, responses: ResponseSchemas): object {
  const { description, schema } = typeof answer === 'string' ? { description: answer, schema: undefined } : answer;
  const body = schema?.(responses) ?? (typeof answer === 'string' && status >= 400 ? responses.ErrorResponse : undefined);
  return { description, ...(body ? { content: json(body) } : {}) };
}

function tryJsonSchema(schema: unknown): unknown {
  try {
    return jsonSchema(schema as ApiSchema);
  } catch {
    return null;
  }
}
