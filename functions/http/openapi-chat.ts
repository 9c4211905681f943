/** The table chat and nudge routes in the OpenAPI document (functions/http/routes/chat.ts), from their zod schemas. */
import * as z from 'zod/mini';
import { CHAT, NUDGE_EVERY_MS } from '../matches/chat.js';
import { ChatMuteResponse, ChatPageResponse, ChatPostResponse, ErrorResponse, NudgeResponse } from './responses.js';
import { ChatMuteRequest, ChatPostRequest } from './schemas.js';

const json = (schema: z.ZodMiniType) => ({
  'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) },
});
const refused = (codes: Record<number, string>) =>
  Object.fromEntries(Object.entries(codes).map(([code, description]) => [code, { description, content: json(ErrorResponse) }]));
const auth = [{ seatToken: [] }];
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const seatParams = [idParam, { name: 'seat', in: 'path', required: true, schema: { type: 'string', pattern: '^(0|[1-7])$' } }];
const afterQuery = {
  name: 'after',
  in: 'query',
  required: false,
  schema: { type: 'integer', minimum: 0 },
  description: `Only messages after this seq (default 0: from the first); at most ${CHAT.page} a page, \`more\` says there are others`,
};
const common = {
  401: 'Missing or malformed token',
  403: 'The token does not open this seat (a spectator, or a computer seat)',
  404: 'No such match',
};

export function chatPaths() {
  const minutes = CHAT.noticeEveryMs / 60_000;
  return {
    '/api/matches/{id}/seats/{seat}/chat': {
      post: {
        summary: `Post a table chat message: plain text, trimmed, 1–${CHAT.maxChars} characters on one line (no control characters). Raises the match version (pages fetch when \`chat.count\` grows) but not the game version, so pending moves stay current. Other players are told through their channels, at most once per ${minutes} minutes each, and not while they are reading the chat or have muted it.`,
        security: auth,
        parameters: seatParams,
        requestBody: { required: true, content: json(ChatPostRequest) },
        responses: {
          201: { description: 'Posted', content: json(ChatPostResponse) },
          ...refused({
            ...common,
            400: 'invalid-chat (empty, too long, control characters) or a malformed body',
            415: 'Body not sent as application/json',
            429: `too-many-messages: ${CHAT.perMinute} a minute or ${CHAT.perDay} a day in this match; wait Retry-After seconds`,
          }),
        },
      },
      get: {
        summary: 'Read the table chat, oldest first (notes that this seat has read it: no chat notices for a few minutes)',
        security: auth,
        parameters: [...seatParams, afterQuery],
        responses: { 200: { description: 'Messages', content: json(ChatPageResponse) }, ...refused({ ...common, 400: 'Bad query' }) },
      },
    },
    '/api/matches/{id}/spectate/chat': {
      get: {
        summary: 'Read the table chat as a spectator (spectators read the players’ chat, and cannot post)',
        security: auth,
        parameters: [idParam, afterQuery],
        responses: { 200: { description: 'Messages', content: json(ChatPageResponse) }, ...refused({ ...common, 400: 'Bad query' }) },
      },
    },
    '/api/matches/{id}/seats/{seat}/chat/mute': {
      put: {
        summary: 'Mute (or unmute) the chat of this match for my seat: no chat notices; the page folds the chat away',
        security: auth,
        parameters: seatParams,
        requestBody: { required: true, content: json(ChatMuteRequest) },
        responses: {
          200: { description: 'Done', content: json(ChatMuteResponse) },
          ...refused({ ...common, 400: 'Malformed body', 429: 'too-many-messages' }),
        },
      },
    },
    '/api/matches/{id}/seats/{seat}/nudge': {
      post: {
        summary: `Remind whoever else is to move (a notice through their channels, and a line in the log). Once every ${NUDGE_EVERY_MS / 3_600_000} hours per seat, only while the match is in play and a person other than me is to move.`,
        security: auth,
        parameters: seatParams,
        responses: {
          200: { description: 'Nudged', content: json(NudgeResponse) },
          ...refused({
            ...common,
            409: 'nudge-not-needed (my own move, or only a computer to move), match-over, match-not-started',
            429: 'nudge-too-soon: wait Retry-After seconds',
          }),
        },
      },
    },
  };
}
