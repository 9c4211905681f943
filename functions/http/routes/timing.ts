/**
 * /api/matches/:id/seats/:seat/pause: a seat pauses its own move deadlines (POST {days}) or ends the
 * pause now (DELETE); …/time: its time zone and quiet hours (PUT). Answers with the seat's notification
 * summary, as the settings panel shows them all.
 */
import { Hono, type Context } from 'hono';
import type { Seat } from '#shared/engine/game.js';
import { requiredJsonBody, seatCaller, type RouteContext } from '../request.js';
import { type ApiRoutes, createRoute, on, type ResponseSchemas, SEAT_REFUSALS } from '../api-route.js';
import { minutesOf } from '../../matches/zones.js';
import { PauseRequest, SeatPath, SeatTimeRequest } from '../schemas.js';

export interface TimingRouteContext extends RouteContext {
  /** The seat's settings as the notification routes show them (the pause is part of them). */
  summary: (matchId: string, seat: Seat) => Promise<unknown>;
}

export function timingRoutes({ service, summary }: TimingRouteContext): Hono {
  const app = new Hono();

  const answer = async (c: Context, id: string, seat: Seat) => c.json((await summary(id, seat)) as Record<string, unknown>);

  on(app, timingApi.pause, async (c) => {
    const { days } = await requiredJsonBody(c, PauseRequest());
    const { id, seat } = await seatCaller(service, c);
    await service.pause(id, seat, { kind: 'pause', days });
    return answer(c, id, seat);
  });

  on(app, timingApi.resume, async (c) => {
    const { id, seat } = await seatCaller(service, c);
    await service.pause(id, seat, { kind: 'resume' });
    return answer(c, id, seat);
  });

  on(app, timingApi.time, async (c) => {
    const { zone, quiet } = await requiredJsonBody(c, SeatTimeRequest());
    const { id, seat } = await seatCaller(service, c);
    const hours = quiet && quiet.from !== quiet.to ? { quiet: { from: minutesOf(quiet.from), to: minutesOf(quiet.to) } } : {};
    await service.setTime(id, seat, { zone, ...hours });
    return answer(c, id, seat);
  });

  return app;
}

const settings = (description: string) => ({ description, schema: (r: ResponseSchemas) => r.NotificationSettingsResponse });

export const timingApi = {
  pause: createRoute({
    method: 'post',
    path: '/{id}/seats/{seat}/pause',
    summary: 'Pause my move deadlines for some days',
    security: 'seatToken',
    request: { params: SeatPath, body: PauseRequest },
    responses: {
      200: settings('Paused: my settings'),
      400: 'Malformed body',
      ...SEAT_REFUSALS,
      409: 'Already paused, or the match is not in play',
      422: 'More days than the pause budget has left',
      429: 'Too many changes beside the game from this seat; wait Retry-After seconds',
    },
  }),
  resume: createRoute({
    method: 'delete',
    path: '/{id}/seats/{seat}/pause',
    summary: 'End my pause now',
    security: 'seatToken',
    request: { params: SeatPath },
    responses: {
      200: settings('Resumed: my settings'),
      400: 'Malformed path',
      ...SEAT_REFUSALS,
      409: 'Not paused',
      429: 'Too many changes beside the game from this seat; wait Retry-After seconds',
    },
  }),
  time: createRoute({
    method: 'put',
    path: '/{id}/seats/{seat}/time',
    summary: 'Set my time zone and quiet hours (no notices then; no deadline passes inside them)',
    security: 'seatToken',
    request: { params: SeatPath, body: SeatTimeRequest },
    responses: {
      200: settings('Set: my settings'),
      400: 'Malformed body, or a time zone the server does not know',
      ...SEAT_REFUSALS,
      429: 'Too many changes beside the game from this seat; wait Retry-After seconds',
    },
  }),
} satisfies ApiRoutes;
