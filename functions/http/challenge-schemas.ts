/** Request shapes of the challenge routes (functions/http/routes/challenges.ts), built on first use as ./schemas.ts's. */
import * as z from 'zod/mini';
import { lazily } from '#shared/engine/lazy.js';
import { TimingRequest } from '../matches/timing.js';
import { BotSeatRequest, DisplayName, MatchId } from './schemas.js';

/**
 * A challenge: whom (their player name, any case) and the match as the create form makes it. Seat 1 is the
 * challenged player's; the others are invites, or computers where `bots` says so. `name`: the name to play under
 * when the challenger has no player name yet.
 */
export const ChallengeRequest = lazily(() =>
  z.strictObject({
    opponent: z.string().check(z.minLength(1), z.maxLength(40)),
    game: z.string().check(z.minLength(1), z.maxLength(40)),
    options: z._default(z.record(z.string(), z.unknown()), {}),
    seats: z.int().check(z.minimum(2), z.maximum(8)),
    name: DisplayName(),
    timing: z.optional(TimingRequest()),
    bots: z.optional(z.array(BotSeatRequest()).check(z.maxLength(6))),
    rated: z.optional(z.boolean()),
  }),
);

/** Accepting: the name to play under when the player has no player name yet. */
export const AcceptChallengeRequest = lazily(() => z.strictObject({ name: DisplayName() }));

export const ChallengePath = lazily(() => z.strictObject({ id: MatchId() }));
