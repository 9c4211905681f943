/**
 * /api/matches/:id/seats/:seat/pause: a seat pauses its own move deadlines (POST {days}) or ends the
 * pause now (DELETE). Answers with the seat's notification summary, as the settings panel shows both.
 */
import { Hono, type Context } from 'hono';
import type { Seat } from '#shared/engine/game.js';
import { requiredJsonBody, seatCaller, type RouteContext } from '../request.js';
import { PauseRequest } from '../schemas.js';

export interface TimingRouteContext extends RouteContext {
  /** The seat's settings as the notification routes show them (the pause is part of them). */
  summary: (matchId: string, seat: Seat) => Promise<unknown>;
}

export function timingRoutes({ service, summary }: TimingRouteContext): Hono {
  const app = new Hono();

  const answer = async (c: Context, id: string, seat: Seat) => c.json((await summary(id, seat)) as Record<string, unknown>);

  app.post('/:id/seats/:seat/pause', async (c) => {
    const { days } = await requiredJsonBody(c, PauseRequest);
    const { id, seat } = await seatCaller(service, c);
    await service.pause(id, seat, { kind: 'pause', days });
    return answer(c, id, seat);
  });

  app.delete('/:id/seats/:seat/pause', async (c) => {
    const { id, seat } = await seatCaller(service, c);
    await service.pause(id, seat, { kind: 'resume' });
    return answer(c, id, seat);
  });

  return app;
}
