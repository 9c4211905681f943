/** Request shapes of the safety routes (functions/http/routes/safety.ts); parsed before anything else. */
import * as z from 'zod/mini';
import { lazily } from '#shared/engine/lazy.js';
import { REPORT_TEXT_MAX } from '../players/safety.js';
import { REPORT_REASONS } from '../players/safety-port.js';
import { MatchId } from './schemas.js';

const Name = () => z.string().check(z.minLength(1), z.maxLength(100));
const Text = () => z.optional(z.string().check(z.maxLength(REPORT_TEXT_MAX, `At most ${REPORT_TEXT_MAX} characters.`)));

/**
 * POST /api/reports: a player or their name (by the name shown), or one chat message (its match and number: the
 * server reads the message and who wrote it). A reason from the short list, and the reporter's own words.
 */
export const ReportRequest = lazily(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.enum(['player', 'name']), name: Name(), reason: z.enum(REPORT_REASONS), text: Text() }),
    z.strictObject({
      kind: z.literal('chat'),
      matchId: MatchId(),
      seq: z.int().check(z.minimum(1)),
      reason: z.enum(REPORT_REASONS),
      text: Text(),
    }),
  ]),
);
