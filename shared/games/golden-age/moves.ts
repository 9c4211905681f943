/**
 * Options and moves, as zod schemas (the only file of the game that imports zod).
 * All amounts of money in moves are HALF-guilders (1 = ½ guilder, 2 = 1 guilder).
 * Built on first use (`lazily`), not at import: a cold start of the API builds no schema it does not need.
 */
import * as z from 'zod/mini';
import { lazily } from '../../engine/lazy.js';
import { CASH_SETS, GUILD_COLOURS, PROVINCE_IDS } from './board.js';

const schemas = lazily(() => {
  /** No variants yet: `{}` is the standard game. */
  const goldenAgeOptions = z.strictObject({});

  const province = z.enum(PROVINCE_IDS);
  const colour = z.enum(GUILD_COLOURS);
  const colonyBox = z.int().check(z.minimum(2), z.maximum(7));
  const cashSet = z.enum(CASH_SETS.map((s) => s.set) as [(typeof CASH_SETS)[number]['set'], ...(typeof CASH_SETS)[number]['set'][]]);

  /** Where one of your influence markers stands (for special actions and for moving a marker). */
  const markerPlace = z.discriminatedUnion('at', [
    z.strictObject({ at: z.literal('province'), province }),
    z.strictObject({ at: z.literal('guild'), colour }),
    z.strictObject({ at: z.literal('colony'), box: colonyBox }),
  ]);

  const goldenAgeMove = z.discriminatedUnion('kind', [
    // --- set-up (section 3) ---
    z.strictObject({ kind: z.literal('place-marker'), province }),
    z.strictObject({ kind: z.literal('place-token'), province }),
    z.strictObject({ kind: z.literal('place-steward'), box: z.int().check(z.minimum(0), z.maximum(53)) }),
    // --- the Steward (section 5) ---
    z.strictObject({ kind: z.literal('roll') }),
    z.strictObject({ kind: z.literal('play-dice'), value: z.int().check(z.minimum(2), z.maximum(12)) }),
    // --- free actions (section 6), plus sailing and cashing in cards ---
    z.strictObject({ kind: z.literal('move-token'), from: province, to: province }),
    /** `from`: only when the reserve is empty, one of your markers on the board to move there */
    z.strictObject({ kind: z.literal('take-guild'), colour, from: z.optional(markerPlace) }),
    z.strictObject({ kind: z.literal('create-marker'), province, from: z.optional(markerPlace) }),
    z.strictObject({ kind: z.literal('sail'), box: colonyBox, from: z.optional(markerPlace) }),
    z.strictObject({ kind: z.literal('exchange'), set: cashSet }),
    // --- special actions (section 7), each with one of your active markers ---
    z.strictObject({ kind: z.literal('buy-card'), marker: markerPlace }),
    z.strictObject({ kind: z.literal('buy-token'), marker: markerPlace, province }),
    z.strictObject({ kind: z.literal('pay-painter'), marker: markerPlace, painting: z.string().check(z.minLength(1), z.maxLength(40)) }),
    // --- auctions (section 8) ---
    z.strictObject({ kind: z.literal('auction'), province }),
    z.strictObject({ kind: z.literal('bid'), amount: z.int().check(z.minimum(1), z.maximum(100_000)) }),
    z.strictObject({ kind: z.literal('pass') }),
    /** the auction winner's choice for a brown or green action (paid for by the bid) */
    z.strictObject({ kind: z.literal('prize-card') }),
    z.strictObject({ kind: z.literal('prize-painter'), painting: z.string().check(z.minLength(1), z.maxLength(40)) }),
    z.strictObject({ kind: z.literal('prize-token'), province, convert: z.boolean() }),
    // --- end of turn (scores, then markers flip back) ---
    z.strictObject({ kind: z.literal('end-turn') }),
  ]);
  return { goldenAgeOptions, markerPlace, goldenAgeMove };
});
type Schemas = ReturnType<typeof schemas>;

export const goldenAgeOptions = (): Schemas['goldenAgeOptions'] => schemas().goldenAgeOptions;
export const goldenAgeMove = (): Schemas['goldenAgeMove'] => schemas().goldenAgeMove;
export type GoldenAgeOptions = z.infer<Schemas['goldenAgeOptions']>;
export type MarkerPlace = z.infer<Schemas['markerPlace']>;
export type GoldenAgeMove = z.infer<Schemas['goldenAgeMove']>;
