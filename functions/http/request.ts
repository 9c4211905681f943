/**
 * What every route reads from a request before the domain is asked anything: the JSON body, the
 * Bearer secret, the Idempotency-Key, the path's match and seat (all checked for shape), the caller
 * (authenticated against the match's head), ETags, and the links the API hands out.
 */
import type { Context } from 'hono';
import type { Seat } from '#shared/engine/game.js';
import type { Caller, MatchService } from '../matches/service.js';
import { bearerToken } from './bearer.js';
import { ApiError, type parse } from './errors.js';
import { parseIn } from './localized.js';
import { IdempotencyKey, MatchId, SeatParam } from './schemas.js';

/** Reads the JSON body (bodyLimit has already capped its size); `{}` when there is none. */
export async function jsonBody(c: Context): Promise<{ value: unknown; text: string }> {
  const text = await c.req.text();
  if (text.trim() === '') return { value: {}, text };
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new ApiError(415, 'unsupported-media-type', 'error.unsupported-media-type');
  try {
    return { value: JSON.parse(text) as unknown, text };
  } catch {
    throw new ApiError(400, 'invalid-json', 'error.invalid-json');
  }
}

/** A JSON body that must be there (the notification settings): its type is checked first, then parsed. */
export async function requiredJsonBody<T>(c: Context, schema: Parameters<typeof parse<T>>[0]): Promise<T> {
  const text = await c.req.text();
  if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) {
    throw new ApiError(415, 'unsupported-media-type', 'error.unsupported-media-type');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid-json', 'error.invalid-json');
  }
  return parseIn(c, schema, value);
}

export const bearer = (c: Context) => bearerToken(c.req.header('Authorization'));

/** The optional Idempotency-Key header, checked for shape (a create's key seeds secrets: a stricter shape). */
export function idempotencyKey(c: Context, schema: typeof IdempotencyKey = IdempotencyKey): { key: string } | undefined {
  const header = c.req.header('Idempotency-Key');
  return header === undefined ? undefined : { key: parseIn(c, schema(), header, 'idempotencyKey') };
}

/** Path parameters are validated before anything is read. */
export function target(c: Context): { id: string; seat: Seat | undefined } {
  const id = parseIn(c, MatchId(), c.req.param('id'), 'matchId');
  const seatText = c.req.param('seat');
  return { id, seat: seatText === undefined ? undefined : parseIn(c, SeatParam(), seatText, 'seat') };
}

/** The caller of a seat or spectator route, authenticated against the match's head (no state read). */
export async function authorize(service: MatchService, c: Context): Promise<{ id: string; caller: Caller; version: number }> {
  const token = bearer(c);
  const { id, seat } = target(c);
  const head = await service.head(id);
  const caller = service.authenticate(head, token, seat === undefined ? 'spectator' : { seat });
  return { id, caller, version: head.version };
}

/** The seat of a seat route, authenticated (a seat route always names its seat). */
export async function seatCaller(service: MatchService, c: Context): Promise<{ id: string; seat: Seat }> {
  const token = bearer(c);
  const id = parseIn(c, MatchId(), c.req.param('id'), 'matchId');
  const seat = parseIn(c, SeatParam(), c.req.param('seat'), 'seat');
  const head = await service.head(id);
  service.authenticate(head, token, { seat });
  return { id, seat };
}

export const etagOf = (version: number) => `"${version}"`;

export function notModified(c: Context, version: number): boolean {
  const inm = c.req.header('If-None-Match');
  if (!inm) return false;
  return inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etagOf(version));
}

/** The links the API hands out; secrets travel only in the fragment. */
export function linksFor(publicUrl: string | undefined) {
  const origin = (c: Context) => publicUrl ?? new URL(c.req.url).origin;
  return {
    origin,
    // The game id lets the page fetch the game's board while the match is being read.
    seat: (c: Context, id: string, seat: number, token: string, game?: string) =>
      `${origin(c)}/m/${id}#seat=${seat}&token=${token}${game ? `&game=${encodeURIComponent(game)}` : ''}`,
    invite: (c: Context, id: string, secret: string) => `${origin(c)}/m/${id}#invite=${secret}`,
    watch: (c: Context, id: string, secret: string) => `${origin(c)}/m/${id}#watch=${secret}`,
  };
}
export type Links = ReturnType<typeof linksFor>;

/** What the route modules are built from. */
export interface RouteContext {
  service: MatchService;
  links: Links;
  /**
   * The name a signed-in caller's seat takes instead of the one typed (their player name; functions/app.ts
   * wires it when there are players), or null: creating and joining a match use it.
   */
  seatName?: (c: Context) => Promise<string | null>;
  /** The signed-in player making the request (the session cookie), when there are players; for rated matches. */
  whoIs?: (c: Context) => Promise<string | null>;
  /** The seats of a match whose chat the signed-in caller blocked (functions/players/safety.ts): left out of what they read. */
  chatHiddenSeats?: (c: Context, matchId: string) => Promise<ReadonlySet<number>>;
}
