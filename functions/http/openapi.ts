/** The OpenAPI 3.1 document, generated from the same zod schemas that parse requests. */
import * as z from 'zod/mini';
import type { AnyGame } from '#shared/engine/game.js';
import { CreateMatchRequest, JoinRequest, MoveRequest, ResignRequest } from './schemas.js';
import { CreateMatchResponse, ErrorResponse, InviteInfoResponse, JoinResponse, LogPageResponse, MatchResponse } from './responses.js';
import { SIDE_CHANGES } from '../matches/side-changes.js';
import { RECENT_KEYS_PER_SEAT } from '../matches/port.js';
import { chatPaths } from './openapi-chat.js';
import { playerPaths, SESSION_SCHEME } from './openapi-players.js';
import { replayPaths } from './openapi-replay.js';
import {
  ChannelsRequest,
  EmailRequest,
  PauseRequest,
  PushSubscribeRequest,
  PushUnsubscribeRequest,
  StandInRequest,
  UndoAnswerRequest,
  UndoRequest,
} from './schemas.js';

const json = (schema: z.ZodMiniType) => ({
  'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) },
});
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [String(code), { description: ERROR_TEXT[code] ?? 'Error', content: json(ErrorResponse) }]));
const ERROR_TEXT: Record<number, string> = {
  400: 'Malformed request (zod issues, at most ten)',
  401: 'Missing or malformed token',
  403: 'Token does not open this seat',
  404: 'No such match',
  409: 'Stale version, match not in play, or the seat already (or not) played by a computer',
  413: 'Body over 16 KB',
  415: 'Body not sent as application/json',
  422: 'Move breaks a rule, or an Idempotency-Key reused for another request (stable code + message)',
  429: 'Too many changes beside the game (links, pauses) from this seat; wait Retry-After seconds',
};
const seatParams = [
  { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
  {
    name: 'seat',
    in: 'path',
    required: true,
    schema: { type: 'string', pattern: '^(0|[1-7])$' },
    description: 'Seat number, written plainly (0–7)',
  },
];
/** The Idempotency-Key header, with what a retry with the same key gets on this route. */
const idempotencyKey = (retry: string, pattern = '^[A-Za-z0-9_-]{8,64}$') => ({
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', pattern },
  description: `Makes the call safe to retry: ${retry} The key is remembered for a day (per seat: its last ${RECENT_KEYS_PER_SEAT} keyed changes). The same key with a different request is refused with 422 idempotency-key-reused.`,
});

const IDEMPOTENCY = `Every call that changes something accepts an Idempotency-Key header (8–64 of A–Z a–z 0–9 - _; 22 or more, random, to create a match). A retry with the same key and the same request (compared after parsing: key order and spacing do not matter) gets the first answer and changes nothing more. A rematch is safe to repeat even without a key: every call from a seat, also calls in parallel with different keys or none, returns the same rematch seat and the same working token; nothing is written again. Changes beside the game (new links, pausing, resuming) raise the match version, so polls see them, but a move or resignation made at any version since the game last changed is still accepted; each seat may make ${SIDE_CHANGES.perWindow} such changes per hour (then 429 with Retry-After).`;
const auth = [{ seatToken: [] }];

export function openApiDocument(games: AnyGame[]) {
  const moveSchemas = Object.fromEntries(games.map((g) => [`Move_${g.id}`, tryJsonSchema(g.move)]).filter(([, s]) => s !== null));
  const optionSchemas = Object.fromEntries(games.map((g) => [`Options_${g.id}`, tryJsonSchema(g.options)]).filter(([, s]) => s !== null));
  return {
    openapi: '3.1.0',
    info: { title: 'Dutch play-by-web API', version: '1', description: IDEMPOTENCY },
    components: {
      securitySchemes: {
        seatToken: { type: 'http', scheme: 'bearer', description: 'Seat or spectator secret from the match link' },
        session: SESSION_SCHEME,
      },
      schemas: { ...moveSchemas, ...optionSchemas },
    },
    paths: {
      '/api/health': { get: { summary: 'Liveness: answers `{ ok: true }`', responses: { 200: { description: 'Up' } } } },
      '/api/openapi.json': { get: { summary: 'This document', responses: { 200: { description: 'OpenAPI 3.1 document' } } } },
      '/api/games': { get: { summary: 'List the games', responses: { 200: { description: 'Games' } } } },
      '/api/matches': {
        post: {
          summary:
            'Create a match. `bots` puts computer players in seats 1..n-1 (no invite is made for them); with every other seat a computer the match starts at once. `timing.onDeadline` says what a passed deadline does: the standard move (default), a computer plays the seat until its player moves again, or the seat forfeits.',
          parameters: [
            idempotencyKey(
              'a retry returns the same match, token and links (201 again). The new secrets are derived from the key, so it must be random and unguessable.',
              '^[A-Za-z0-9_-]{22,64}$',
            ),
          ],
          requestBody: { required: true, content: json(CreateMatchRequest) },
          responses: { 201: { description: 'Created', content: json(CreateMatchResponse) }, ...errors(400, 404, 413, 422) },
        },
      },
      '/api/matches/{id}/join': {
        post: {
          summary: 'Claim a seat through an invite link',
          parameters: [
            seatParams[0],
            idempotencyKey(
              'a retry with the same invite returns the same seat and token (without a key, a second call gets 403 invite-used).',
            ),
          ],
          requestBody: { required: true, content: json(JoinRequest) },
          responses: { 200: { description: 'Joined', content: json(JoinResponse) }, ...errors(400, 403, 404, 422) },
        },
      },
      '/api/matches/{id}/invite': {
        get: {
          summary:
            'What an invite link offers (game, options, who made it, the seats), with the invite secret as the bearer token; 403 once used',
          security: auth,
          parameters: [seatParams[0]],
          responses: { 200: { description: 'The invite', content: json(InviteInfoResponse) }, ...errors(401, 403, 404) },
        },
      },
      '/api/matches/{id}/seats/{seat}': {
        get: {
          summary: 'Read the match as this seat sees it (ETag = version; If-None-Match → 304)',
          security: auth,
          parameters: seatParams,
          responses: {
            200: { description: 'Match', content: json(MatchResponse) },
            304: { description: 'Unchanged' },
            ...errors(401, 403, 404),
          },
        },
      },
      ...seatActionPaths(),
      ...chatPaths(),
      ...notificationPaths(),
      ...playerPaths(),
      ...replayPaths(seatParams[0]!, seatParams, auth),
      '/api/matches/{id}/spectate': {
        get: {
          summary: 'Spectator view',
          security: auth,
          parameters: [seatParams[0]],
          responses: {
            200: { description: 'Match', content: json(MatchResponse) },
            304: { description: 'Unchanged' },
            ...errors(401, 403, 404),
          },
        },
      },
    },
  };
}

/** A page of the log before a version, for a seat or a spectator. */
const olderLog = (summary: string, params: object[]) => ({
  summary,
  security: auth,
  parameters: [
    ...params,
    {
      name: 'before',
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1 },
      description: 'Only records before this version (the page holds the newest of them); default: the newest records',
    },
  ],
  responses: { 200: { description: 'Log', content: json(LogPageResponse) }, ...errors(400, 401, 403, 404) },
});

/** What a seat does besides reading: moves, older log pages, resigning, new links, the rematch. */
function seatActionPaths() {
  return {
    '/api/matches/{id}/seats/{seat}/moves': {
      post: {
        summary: 'Submit a move',
        security: auth,
        parameters: [
          ...seatParams,
          idempotencyKey('a retry returns the response of the move first made with the key, and the move is applied once.'),
        ],
        requestBody: { required: true, content: json(MoveRequest) },
        responses: { 200: { description: 'Accepted', content: json(MatchResponse) }, ...errors(400, 401, 403, 404, 409, 413, 422) },
      },
    },
    '/api/matches/{id}/seats/{seat}/log': { get: olderLog('Older log entries, as this seat sees them', seatParams) },
    '/api/matches/{id}/spectate/log': { get: olderLog('Older log entries, as spectators see them', [seatParams[0]!]) },
    '/api/matches/{id}/seats/{seat}/resign': {
      post: {
        summary: 'Resign (with expectedVersion: refused with 409 stale-version if the game has moved on since)',
        security: auth,
        parameters: [...seatParams, idempotencyKey('a retry returns the first response (not 409 match-not-active).')],
        requestBody: { required: false, content: json(ResignRequest) },
        responses: { 200: { description: 'Resigned', content: json(MatchResponse) }, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    '/api/matches/{id}/seats/{seat}/undo': {
      post: {
        summary:
          "Undo my own last move while my turn goes on, when the game allows it (it showed nothing hidden and nobody else could have acted on it; MatchResponse.undo says whether I may now). Several in a row are fine. Logged as an `undo` record at a new version that takes the game back to the state before the record it names (`undid`). `expectedVersion` is the version my page shows; 409 with `nothing-to-undo`, `undo-not-allowed` (the move showed something hidden, or a deadline's standard move), `undo-turn-over`, `undo-others-acted`, `undo-computer-seat` or `stale-version` changes nothing.",
        security: auth,
        parameters: seatParams,
        requestBody: { required: true, content: json(UndoRequest) },
        responses: {
          200: { description: 'The match as my seat sees it after the undo', content: json(MatchResponse) },
          ...errors(400, 401, 403, 404, 409, 415),
        },
      },
    },
    '/api/matches/{id}/seats/{seat}/undo-request': {
      post: {
        summary:
          'In a match made with `undoRequests`: ask the other players to let me take back my last turn, when it showed nothing hidden and nobody has acted since (MatchResponse.undo.canAsk). A change beside the game, rate limited like links; the other players are notified (`undo-asked`). With no person to ask (only computers), the turn is taken back at once. The next change to the game ends the request.',
        security: auth,
        parameters: seatParams,
        requestBody: { required: true, content: json(UndoRequest) },
        responses: {
          200: { description: 'The match as my seat sees it', content: json(MatchResponse) },
          ...errors(400, 401, 403, 404, 409, 415, 429),
        },
      },
    },
    '/api/matches/{id}/seats/{seat}/undo-request/answer': {
      post: {
        summary:
          'Accept or refuse the request waiting for my answer (MatchResponse.undo.canAnswer). A refusal ends it; the last acceptance takes the turn back, logged as an `undo` record with `acceptedBy`. 409 `no-undo-request` when nothing waits for me.',
        security: auth,
        parameters: seatParams,
        requestBody: { required: true, content: json(UndoAnswerRequest) },
        responses: {
          200: { description: 'The match as my seat sees it', content: json(MatchResponse) },
          ...errors(400, 401, 403, 404, 409, 415),
        },
      },
    },
    '/api/matches/{id}/seats/{seat}/stand-in': {
      put: {
        summary:
          'Hand my seat to a computer player for now (it moves for me until I move again or take it back); a change beside the game, rate limited like links and pauses',
        security: auth,
        parameters: seatParams,
        requestBody: { required: true, content: json(StandInRequest) },
        responses: {
          200: { description: 'The match as my seat sees it', content: json(MatchResponse) },
          ...errors(400, 401, 403, 404, 409, 415, 429),
        },
      },
      delete: {
        summary: 'Take my seat back from the computer player standing in',
        security: auth,
        parameters: seatParams,
        responses: {
          200: { description: 'The match as my seat sees it', content: json(MatchResponse) },
          ...errors(401, 403, 404, 409, 429),
        },
      },
    },
    '/api/matches/{id}/seats/{seat}/links': {
      post: {
        summary: 'New invite and spectator links (the old ones stop working; pending moves stay current)',
        security: auth,
        parameters: [...seatParams, idempotencyKey('a retry returns the same new links and changes nothing more.')],
        responses: { 200: { description: 'Links' }, ...errors(401, 403, 404, 422, 429) },
      },
    },
    '/api/matches/{id}/seats/{seat}/rematch': {
      post: {
        summary:
          'Ask for or join the rematch. Safe to repeat, with or without an Idempotency-Key: every call from a seat returns the same rematch seat and token',
        security: auth,
        parameters: [...seatParams, idempotencyKey('as without one, the same rematch seat and token.')],
        responses: { 200: { description: 'Your seat in the rematch', content: json(JoinResponse) }, ...errors(401, 403, 404, 409) },
      },
    },
  };
}

/** The notification routes (functions/http/routes/notifications.ts and timing.ts), mounted beside the match routes. */
function notificationPaths() {
  const seat = { security: auth, parameters: seatParams };
  const done = (what: string) => ({ 200: { description: what }, ...errors(400, 401, 403, 404) });
  const tokenQuery = [{ name: 't', in: 'query', required: true, schema: { type: 'string' }, description: 'The secret from the mail' }];
  return {
    '/api/matches/{id}/seats/{seat}/notifications': {
      get: {
        summary: 'My notification settings for this match: channels, email state, devices, pause',
        ...seat,
        responses: done('Settings'),
      },
      patch: {
        summary: 'Switch a channel on or off',
        ...seat,
        requestBody: { required: true, content: json(ChannelsRequest) },
        responses: done('Settings'),
      },
    },
    '/api/matches/{id}/seats/{seat}/notifications/email': {
      put: {
        summary: 'Set my own email address (one confirmation mail is sent)',
        ...seat,
        requestBody: { required: true, content: json(EmailRequest) },
        responses: done('Settings'),
      },
      delete: { summary: 'Forget my email address for this match', ...seat, responses: done('Settings') },
    },
    '/api/matches/{id}/seats/{seat}/notifications/push': {
      post: {
        summary: "Add this device's web push subscription",
        ...seat,
        requestBody: { required: true, content: json(PushSubscribeRequest) },
        responses: done('Settings'),
      },
      delete: {
        summary: 'Remove a web push subscription',
        ...seat,
        requestBody: { required: true, content: json(PushUnsubscribeRequest) },
        responses: done('Settings'),
      },
    },
    '/api/matches/{id}/seats/{seat}/pause': {
      post: {
        summary: 'Pause my move deadlines for some days',
        ...seat,
        requestBody: { required: true, content: json(PauseRequest) },
        responses: { ...done('Paused'), ...errors(409, 422, 429) },
      },
      delete: { summary: 'End my pause now', ...seat, responses: { ...done('Resumed'), ...errors(409, 429) } },
    },
    '/api/push/public-key': {
      get: {
        summary: 'The VAPID public key for web push',
        responses: { 200: { description: 'Key' }, 404: { description: 'Web push is not set up' } },
      },
    },
    '/api/notify/confirm': {
      get: {
        summary: 'Page with a button confirming an email address',
        parameters: tokenQuery,
        responses: { 200: { description: 'HTML page' } },
      },
      post: {
        summary: 'Confirm an email address (double opt-in)',
        parameters: tokenQuery,
        responses: { 200: { description: 'HTML page' } },
      },
    },
    '/api/notify/unsubscribe': {
      get: { summary: 'Page with an unsubscribe button', parameters: tokenQuery, responses: { 200: { description: 'HTML page' } } },
      post: { summary: 'One-click unsubscribe (RFC 8058)', parameters: tokenQuery, responses: { 200: { description: 'Unsubscribed' } } },
    },
    '/api/notify/resubscribe': {
      post: { summary: 'Undo an unsubscribe', parameters: tokenQuery, responses: { 200: { description: 'HTML page' } } },
    },
  };
}

function tryJsonSchema(schema: unknown): unknown {
  try {
    return z.toJSONSchema(schema as z.ZodMiniType, { io: 'input', unrepresentable: 'any' });
  } catch {
    return null;
  }
}
