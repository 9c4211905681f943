/**
 * A route as the OpenAPI document describes it, declared by its route module beside the handler (in the
 * shape of @hono/zod-openapi's `createRoute`): method, path (OpenAPI's form, `{id}`, under the module's
 * mount), the zod schemas its path, query, headers and body are parsed with, and its answers.
 * functions/http/openapi.ts makes the document from these, and `on` registers the handler from them, so a
 * route's method and path are written once; the handlers still parse with `parseIn`, which words refusals.
 *
 * Plain data with zod/mini schemas, on purpose: @hono/zod-openapi reads only full zod schemas and brings
 * full zod with every locale into the one-file API bundle, even behind an `import()` (585 → 1010 KB):
 * docs/decisions/openapi-from-routes.md.
 */
import type { Handler, Hono } from 'hono';
import type * as z from 'zod/mini';
import type * as Responses from './responses.js';
import { RECENT_KEYS_PER_SEAT } from '../matches/port.js';
import { IdempotencyKey } from './schemas.js';

/** A schema a request part or an answer is parsed or checked with. */
export type ApiSchema = z.ZodMiniType;

/**
 * A request schema as a route declares it: the function that makes it on first use (functions/http/schemas.ts),
 * so that declaring the routes at a cold start builds no schema; the handler and the document call it.
 */
export type LazySchema<S extends ApiSchema = ApiSchema> = () => S;

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The answers' schemas (functions/http/responses.ts), as the OpenAPI document loads them: on its first request. */
export type ResponseSchemas = typeof Responses;

/**
 * An answer: its description, and the schema of its JSON body (an error status without one: ErrorResponse),
 * picked from responses.ts when the document is made. Only the document reads the answers' schemas, so a
 * cold start does not build them (responses.ts is imported by functions/http/openapi.ts alone, with `import()`).
 */
export type ApiAnswer = string | { description: string; schema?: (responses: ResponseSchemas) => z.ZodMiniType };

/** A header a route reads, with what it means there. */
export interface ApiHeader {
  schema: LazySchema;
  description: string;
}

export interface ApiRoute {
  method: Method;
  /** Under the module's mount (API_BASE or MATCHES_BASE), parameters as `{id}`. */
  path: string;
  summary: string;
  /** `seatToken`: a seat's, an invite's or a spectator's secret as the bearer; `session`: the sign-in cookie. */
  security?: 'seatToken' | 'session';
  request?: {
    params?: LazySchema<z.ZodMiniObject>;
    query?: LazySchema<z.ZodMiniObject>;
    headers?: Record<string, ApiHeader>;
    body?: LazySchema;
    /** The body may be left out. */
    bodyOptional?: true;
  };
  /** What a path or query parameter means, by name. */
  describe?: Record<string, string>;
  responses: Record<number, ApiAnswer>;
}

/** The route as declared; the identity, for the type's sake (as `createRoute`). */
export const createRoute = <R extends ApiRoute>(route: R): R => route;

/** A route module's routes, by name: its handlers are registered from them (`on`), the document made of them. */
export type ApiRoutes = Record<string, ApiRoute>;

/** Where functions/app.ts mounts the route modules (and functions/http/openapi.ts puts their paths). */
export const API_BASE = '/api';

/** The refusals of a route for a signed-in player that changes something: no session, or a request from another site. */
export const SIGNED_IN_REFUSALS = {
  401: 'Not signed in on this device (no session cookie, or it ended)',
  403: 'cross-site: a state-changing request without this site’s Origin header',
} as const;
export const MATCHES_BASE = '/api/matches';

/** A declared path in hono's form: `{id}` → `:id`. */
export const honoPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** Serves a declared route: the handler answers the route's method and path, as written in its declaration. */
export function on(app: Hono, route: ApiRoute, handler: Handler): void {
  app.on(route.method.toUpperCase(), honoPath(route.path), handler);
}

/** The Idempotency-Key header, with what a retry with the same key gets on this route. */
export const idempotencyHeader = (retry: string, schema: LazySchema = IdempotencyKey): Record<string, ApiHeader> => ({
  'Idempotency-Key': {
    schema,
    description: `Makes the call safe to retry: ${retry} The key is kept for a day (per seat: ${RECENT_KEYS_PER_SEAT === 1 ? 'its latest keyed change' : `its last ${RECENT_KEYS_PER_SEAT} keyed changes`}); the same key with another request gets 422 idempotency-key-reused.`,
  },
});

/** The refusals most seat routes share. */
export const SEAT_REFUSALS = {
  401: 'Missing or malformed token',
  403: 'The token does not open this seat',
  404: 'No such match',
} as const;
