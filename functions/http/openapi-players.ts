/** The player routes in the OpenAPI document (functions/http/routes/players.ts), from their zod schemas. */
import * as z from 'zod/mini';
import { ClaimSeatsRequest, LangRequest, NoticesRequest, SignInRequest } from './player-schemas.js';

const json = (schema: z.ZodMiniType) => ({
  'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) },
});
const ok = (description: string) => ({ 200: { description } });
const refused = {
  401: { description: 'Not signed in on this device (no session cookie, or it ended)' },
  403: { description: 'cross-site: a state-changing request without this site’s Origin header' },
};
const session = [{ session: [] }];
const tokenQuery = [{ name: 't', in: 'query', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } }];
const seatPath = [
  { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
  { name: 'seat', in: 'path', required: true, schema: { type: 'string', pattern: '^(0|[1-7])$' } },
];

export const SESSION_SCHEME = {
  type: 'apiKey',
  in: 'cookie',
  name: '__Host-session',
  description:
    'Set by opening a sign-in link; HttpOnly, Secure, SameSite=Strict. Every state-changing request must also carry this site’s Origin header.',
};

export function playerPaths() {
  return {
    '/api/session/link': {
      post: {
        summary: 'Mail a sign-in link (one use, 15 minutes); the same 202 whether or not the address has a record',
        requestBody: { required: true, content: json(SignInRequest) },
        responses: {
          202: { description: 'A link is on its way if the address can receive mail' },
          400: { description: 'Not an address' },
          429: { description: 'signin-limit-address | signin-limit-client, with Retry-After' },
        },
      },
    },
    '/api/session/open': {
      get: {
        summary: 'The sign-in link’s page: a button (opening the link alone signs in nobody)',
        parameters: tokenQuery,
        responses: { ...ok('HTML page'), 410: { description: 'Used, expired or revoked' } },
      },
      post: {
        summary: 'Sign in the device that presses the button (sets the session cookie)',
        parameters: tokenQuery,
        responses: { ...ok('Signed in (HTML page)'), 410: { description: 'Used, expired or revoked' } },
      },
    },
    '/api/session': {
      get: { summary: 'Who is signed in on this device ({player: null} when nobody)', responses: ok('The player') },
      delete: { summary: 'Sign out this device', security: session, responses: { 204: { description: 'Signed out' } } },
    },
    '/api/session/everywhere': {
      post: {
        summary: 'Sign out every device, and void every sign-in link sent so far',
        security: session,
        responses: { 204: { description: 'Signed out' }, ...refused },
      },
    },
    '/api/me/sessions': { get: { summary: 'The signed-in devices', security: session, responses: { ...ok('Sessions'), ...refused } } },
    '/api/me/sessions/{sessionId}': {
      delete: {
        summary: 'Sign one device out',
        security: session,
        responses: { 204: { description: 'Signed out' }, 404: { description: 'No such session' }, ...refused },
      },
    },
    '/api/me/seats': {
      post: {
        summary: 'Claim the seats this browser holds (each checked against its match); seats taken while signed in join by themselves',
        security: session,
        requestBody: { required: true, content: json(ClaimSeatsRequest) },
        responses: {
          ...ok(
            'One result per seat: claimed, or not (reason not-opened | taken: another player owns the seat), with a message in the request language',
          ),
          ...refused,
        },
      },
    },
    '/api/me/matches': {
      get: {
        summary: 'My matches: waiting for me first, then others’ turns, open, finished; each with what opens its seat',
        security: session,
        responses: { ...ok('Matches'), ...refused },
      },
    },
    '/api/me/next': {
      get: {
        summary: 'The match that has waited longest for my move ({next: null} when none)',
        security: session,
        responses: { ...ok('The match'), ...refused },
      },
    },
    '/api/me/notices': {
      put: {
        summary: 'Notice defaults for every claimed seat',
        security: session,
        requestBody: { required: true, content: json(NoticesRequest) },
        responses: { ...ok('Saved'), ...refused },
      },
    },
    '/api/me/lang': {
      put: {
        summary: 'The language of my mails (and of my claimed seats’ notices)',
        security: session,
        requestBody: { required: true, content: json(LangRequest) },
        responses: { ...ok('Saved'), 400: { description: 'Not a language of the site' }, ...refused },
      },
    },
    '/api/me/matches/{id}/seats/{seat}/notices': {
      put: {
        summary: 'This match’s own notice choice',
        security: session,
        parameters: seatPath,
        requestBody: { required: true, content: json(NoticesRequest) },
        responses: { ...ok('Saved'), 404: { description: 'Seat not claimed' }, ...refused },
      },
      delete: {
        summary: 'Back to the defaults',
        security: session,
        parameters: seatPath,
        responses: { ...ok('Saved'), 404: { description: 'Seat not claimed' }, ...refused },
      },
    },
    '/api/me/export': {
      get: { summary: 'Everything stored about me, as JSON', security: session, responses: { ...ok('The export'), ...refused } },
    },
    '/api/me': {
      delete: {
        summary: 'Delete my record (address, sessions, claimed seats); the seats stay playable by their links',
        security: session,
        responses: { 204: { description: 'Deleted' }, ...refused },
      },
    },
  };
}
