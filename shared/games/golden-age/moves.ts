/**
 * Options and moves, as zod schemas (the only file of the game that imports zod).
 * All amounts of money in moves are HALF-guilders (1 = ½ guilder, 2 = 1 guilder).
 */
import * as z from 'zod';
import { CASH_SETS, GUILD_COLOURS, PROVINCE_IDS } from './board.js';

/** No variants yet: `{}` is the standard game. */
export const goldenAgeOptions = z.object({}).strict();
export type GoldenAgeOptions = z.infer<typeof goldenAgeOptions>;

const province = z.enum(PROVINCE_IDS);
const colour = z.enum(GUILD_COLOURS);
const colonyBox = z.number().int().min(2).max(7);
const cashSet = z.enum(CASH_SETS.map((s) => s.set) as [(typeof CASH_SETS)[number]['set'], ...(typeof CASH_SETS)[number]['set'][]]);

/** Where one of your influence markers stands (for special actions and for moving a marker). */
export const markerPlace = z.discriminatedUnion('at', [
  z.object({ at: z.literal('province'), province }).strict(),
  z.object({ at: z.literal('guild'), colour }).strict(),
  z.object({ at: z.literal('colony'), box: colonyBox }).strict(),
]);
export type MarkerPlace = z.infer<typeof markerPlace>;

export const goldenAgeMove = z.discriminatedUnion('kind', [
  // --- set-up (section 3) ---
  z.object({ kind: z.literal('place-marker'), province }).strict(),
  z.object({ kind: z.literal('place-token'), province }).strict(),
  z.object({ kind: z.literal('place-steward'), box: z.number().int().min(0).max(53) }).strict(),
  // --- the Steward (section 5) ---
  z.object({ kind: z.literal('roll') }).strict(),
  z.object({ kind: z.literal('play-dice'), value: z.number().int().min(2).max(12) }).strict(),
  // --- free actions (section 6), plus sailing and cashing in cards ---
  z.object({ kind: z.literal('move-token'), from: province, to: province }).strict(),
  /** `from`: only when the reserve is empty, one of your markers on the board to move there */
  z.object({ kind: z.literal('take-guild'), colour, from: markerPlace.optional() }).strict(),
  z.object({ kind: z.literal('create-marker'), province, from: markerPlace.optional() }).strict(),
  z.object({ kind: z.literal('sail'), box: colonyBox, from: markerPlace.optional() }).strict(),
  z.object({ kind: z.literal('exchange'), set: cashSet }).strict(),
  // --- special actions (section 7), each with one of your active markers ---
  z.object({ kind: z.literal('buy-card'), marker: markerPlace }).strict(),
  z.object({ kind: z.literal('buy-token'), marker: markerPlace, province }).strict(),
  z.object({ kind: z.literal('pay-painter'), marker: markerPlace, painting: z.string().min(1).max(40) }).strict(),
  // --- auctions (section 8) ---
  z.object({ kind: z.literal('auction'), province }).strict(),
  z.object({ kind: z.literal('bid'), amount: z.number().int().min(1).max(100_000) }).strict(),
  z.object({ kind: z.literal('pass') }).strict(),
  /** the auction winner's choice for a brown or green action (paid for by the bid) */
  z.object({ kind: z.literal('prize-card') }).strict(),
  z.object({ kind: z.literal('prize-painter'), painting: z.string().min(1).max(40) }).strict(),
  z.object({ kind: z.literal('prize-token'), province, convert: z.boolean() }).strict(),
  // --- end of turn (scores, then markers flip back) ---
  z.object({ kind: z.literal('end-turn') }).strict(),
]);
export type GoldenAgeMove = z.infer<typeof goldenAgeMove>;
