/**
 * The table chat and the nudge: a seat posts (POST …/seats/:seat/chat), reads (GET …/chat?after=),
 * mutes (PUT …/chat/mute) and nudges (POST …/seats/:seat/nudge); a spectator reads only
 * (GET …/spectate/chat). The domain is functions/matches/chat.ts and nudge.ts.
 */
import { Hono, type Context } from 'hono';
import { NUDGE_EVERY_MS } from '../../matches/chat.js';
import type { ChatMessage } from '../../matches/port.js';
import { parseIn } from '../localized.js';
import { authorize, requiredJsonBody, seatCaller, type RouteContext } from '../request.js';
import type { Answer, ChatMuteResponse, ChatPageResponse, ChatPostResponse, NudgeResponse } from '../responses.js';
import { ChatMuteRequest, ChatPostRequest, ChatQuery } from '../schemas.js';

const shown = ({ seq, seat, text, at }: ChatMessage) => ({ seq, seat, text, at });

export function chatRoutes({ service }: RouteContext): Hono {
  const app = new Hono();

  app.post('/:id/seats/:seat/chat', async (c) => {
    const { text } = await requiredJsonBody(c, ChatPostRequest);
    const { id, seat } = await seatCaller(service, c);
    const { message, version } = await service.chat.post(id, seat, text);
    return c.json({ message: shown(message), version } satisfies Answer<typeof ChatPostResponse>, 201);
  });

  const read = async (c: Context) => {
    const { id, caller } = await authorize(service, c);
    const { after } = parseIn(c, ChatQuery, c.req.query(), 'query');
    const page = await service.chat.messages(id, caller.kind === 'seat' ? caller.seat : null, after ?? 0);
    return c.json({ messages: page.messages.map(shown), more: page.more } satisfies Answer<typeof ChatPageResponse>);
  };
  app.get('/:id/seats/:seat/chat', read);
  app.get('/:id/spectate/chat', read);

  app.put('/:id/seats/:seat/chat/mute', async (c) => {
    const { muted } = await requiredJsonBody(c, ChatMuteRequest);
    const { id, seat } = await seatCaller(service, c);
    const { version } = await service.chat.mute(id, seat, muted);
    return c.json({ muted, version } satisfies Answer<typeof ChatMuteResponse>);
  });

  app.post('/:id/seats/:seat/nudge', async (c) => {
    const { id, seat } = await seatCaller(service, c);
    const { version, nudged, at } = await service.nudge(id, seat);
    return c.json({ version, nudged, nudgeAt: at + NUDGE_EVERY_MS } satisfies Answer<typeof NudgeResponse>);
  });

  return app;
}
