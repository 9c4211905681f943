/**
 * The table chat and the nudge: a seat posts (POST …/seats/:seat/chat), reads (GET …/chat?after=),
 * mutes (PUT …/chat/mute) and nudges (POST …/seats/:seat/nudge); a spectator reads only
 * (GET …/spectate/chat). The domain is functions/matches/chat.ts and nudge.ts.
 */
import { Hono, type Context } from 'hono';
import { CHAT, NUDGE_EVERY_MS } from '../../matches/chat.js';
import type { ChatMessage } from '../../matches/port.js';
import { type ApiRoutes, createRoute, on } from '../api-route.js';
import { parseIn } from '../localized.js';
import { authorize, requiredJsonBody, seatCaller, type RouteContext } from '../request.js';
import type { Answer, ChatMuteResponse, ChatPageResponse, ChatPostResponse, NudgeResponse } from '../responses.js';
import { ChatMuteRequest, ChatPostRequest, ChatQuery, MatchPath, SeatPath } from '../schemas.js';

const publicMessage = ({ seq, seat, text, at }: ChatMessage) => ({ seq, seat, text, at });

export function chatRoutes({ service, chatHiddenSeats }: RouteContext): Hono {
  const app = new Hono();

  on(app, chatApi.post, async (c) => {
    const { text } = await requiredJsonBody(c, ChatPostRequest());
    const { id, seat } = await seatCaller(service, c);
    const { message, version } = await service.chat.post(id, seat, text);
    return c.json({ message: publicMessage(message), version } satisfies Answer<typeof ChatPostResponse>, 201);
  });

  const read = async (c: Context) => {
    const { id, caller } = await authorize(service, c);
    const { after } = parseIn(c, ChatQuery(), c.req.query(), 'query');
    const page = await service.chat.messages(id, caller.kind === 'seat' ? caller.seat : null, after ?? 0);
    // The server leaves out what the reader blocked (a page may then hold fewer; `more` still says what follows).
    const hidden = chatHiddenSeats ? await chatHiddenSeats(c, id) : new Set<number>();
    const shown = page.messages.filter((m) => !hidden.has(m.seat));
    return c.json({ messages: shown.map(publicMessage), more: page.more } satisfies Answer<typeof ChatPageResponse>);
  };
  on(app, chatApi.read, read);
  on(app, chatApi.spectatorRead, read);

  on(app, chatApi.mute, async (c) => {
    const { muted } = await requiredJsonBody(c, ChatMuteRequest());
    const { id, seat } = await seatCaller(service, c);
    const { version } = await service.chat.mute(id, seat, muted);
    return c.json({ muted, version } satisfies Answer<typeof ChatMuteResponse>);
  });

  on(app, chatApi.nudge, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    const { version, nudged, at } = await service.nudge(id, seat);
    return c.json({ version, nudged, nudgeAt: at + NUDGE_EVERY_MS } satisfies Answer<typeof NudgeResponse>);
  });

  return app;
}

const refused = {
  401: 'Missing or malformed token',
  403: 'The token does not open this seat (a spectator, or a computer seat)',
  404: 'No such match',
};
const after = {
  after: `Only messages after this seq (default 0: from the first); at most ${CHAT.page} a page, \`more\` says there are more`,
};
const readChat = (path: string, summary: string, params: typeof MatchPath | typeof SeatPath) =>
  createRoute({
    method: 'get',
    path,
    summary,
    security: 'seatToken',
    request: { params, query: ChatQuery },
    describe: after,
    responses: { 200: { description: 'Messages', schema: (r) => r.ChatPageResponse }, 400: 'Malformed query', ...refused },
  });

export const chatApi = {
  post: createRoute({
    method: 'post',
    path: '/{id}/seats/{seat}/chat',
    summary: `Post a table chat message: plain text on one line, trimmed, 1–${CHAT.maxChars} characters. It raises the match version (pages fetch when \`chat.count\` grows) but not the game's, so pending moves stay current. The others are told through their channels at most once per ${CHAT.noticeEveryMs / 60_000} minutes each, and not while they read the chat or have muted it.`,
    security: 'seatToken',
    request: { params: SeatPath, body: ChatPostRequest },
    responses: {
      201: { description: 'Posted', schema: (r) => r.ChatPostResponse },
      400: 'invalid-chat (empty, too long, control characters), or a malformed body',
      ...refused,
      415: 'Body not sent as application/json',
      429: `too-many-messages: ${CHAT.perMinute} a minute or ${CHAT.perDay} a day in this match; wait Retry-After seconds`,
    },
  }),
  read: readChat(
    '/{id}/seats/{seat}/chat',
    'Read the table chat, oldest first (marks it read for this seat: no chat notices for a while)',
    SeatPath,
  ),
  spectatorRead: readChat('/{id}/spectate/chat', 'Read the table chat as a spectator (who reads it but cannot post)', MatchPath),
  mute: createRoute({
    method: 'put',
    path: '/{id}/seats/{seat}/chat/mute',
    summary: "Mute or unmute this match's chat for my seat: no chat notices, and the page folds the chat away",
    security: 'seatToken',
    request: { params: SeatPath, body: ChatMuteRequest },
    responses: {
      200: { description: 'Done', schema: (r) => r.ChatMuteResponse },
      400: 'Malformed body',
      ...refused,
      429: 'too-many-messages',
    },
  }),
  nudge: createRoute({
    method: 'post',
    path: '/{id}/seats/{seat}/nudge',
    summary: `Remind whoever else is to move (a notice through their channels, a line in the log): once every ${NUDGE_EVERY_MS / 3_600_000} hours per seat, while the match is in play and a person other than me is to move`,
    security: 'seatToken',
    request: { params: SeatPath },
    responses: {
      200: { description: 'Nudged', schema: (r) => r.NudgeResponse },
      ...refused,
      409: 'nudge-not-needed (my own move, or only a computer to move), match-over, match-not-started',
      429: 'nudge-too-soon: wait Retry-After seconds',
    },
  }),
} satisfies ApiRoutes;
