/** Request shapes of the lobby routes (functions/http/routes/lobby.ts), built on first use as ./schemas.ts's. */
import * as z from 'zod/mini';
import { lazily } from '#shared/engine/lazy.js';
import { BOTS_AFTER_HOURS, OPEN_DEADLINE_DAYS } from '../matches/lobby.js';
import { DisplayName, MatchId } from './schemas.js';

const days = () =>
  z.union(OPEN_DEADLINE_DAYS.map((d) => z.literal(d)) as [z.ZodMiniLiteral<1>, z.ZodMiniLiteral<3>, z.ZodMiniLiteral<7>], {
    error: 'A move deadline of 1, 3 or 7 days.',
  });
const botsAfter = () =>
  z.union(BOTS_AFTER_HOURS.map((h) => z.literal(h)) as [z.ZodMiniLiteral<1>, z.ZodMiniLiteral<12>, z.ZodMiniLiteral<24>], {
    error: 'Computers may take the open seats after 1, 12 or 24 hours.',
  });
const gameId = () => z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, 'Not a game id.'));
const options = () => z.record(z.string().check(z.maxLength(40)), z.union([z.string().check(z.maxLength(60)), z.number(), z.boolean()]));

/**
 * Opening a game to anyone. `name`: the name to play under (until player names land, typed as for any match).
 * `rated`: carried to the match's `lobby.rated` for the ratings.
 */
export const OpenGameRequest = lazily(() =>
  z.strictObject({
    game: gameId(),
    options: z._default(options(), {}),
    seats: z.int().check(z.minimum(2), z.maximum(8)),
    name: DisplayName(),
    deadlineDays: days(),
    onDeadline: z.optional(z.enum(['default-move', 'bot', 'forfeit'])),
    rated: z._default(z.boolean(), false),
    botsAfterHours: z.optional(botsAfter()),
  }),
);

/** "Play someone now": the game, and whatever else must match. */
export const QuickMatchRequest = lazily(() =>
  z.strictObject({
    game: gameId(),
    name: DisplayName(),
    options: z.optional(options()),
    seats: z.optional(z.int().check(z.minimum(2), z.maximum(8))),
    deadlineDays: z.optional(days()),
    rated: z.optional(z.boolean()),
    botsAfterHours: z.optional(botsAfter()),
  }),
);

/** The listing's filters: `options` is a JSON object of the options to match (e.g. {"edition":"classic"}). */
export const LobbyQuery = lazily(() =>
  z.strictObject({
    seats: z.optional(z.coerce.number().check(z.int(), z.minimum(2), z.maximum(8))),
    deadlineDays: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(7))),
    rated: z.optional(z.enum(['true', 'false'])),
    options: z.optional(
      z.pipe(
        z.string().check(z.maxLength(400)),
        z.transform((s, ctx) => {
          try {
            return JSON.parse(s) as unknown;
          } catch {
            ctx.issues.push({ code: 'custom', message: 'options is a JSON object.', input: s });
            return z.NEVER;
          }
        }),
      ),
    ),
  }),
);
export const LobbyOptionsFilter = lazily(() => options());

/** Taking an open seat: the name to play under. */
export const JoinOpenRequest = lazily(() => z.strictObject({ name: DisplayName() }));

export const GamePath = lazily(() => z.strictObject({ game: gameId() }));
export const OpenGamePath = lazily(() => z.strictObject({ id: MatchId() }));
