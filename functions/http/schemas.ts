/**
 * Request shapes of the HTTP API. Every request is parsed with these before anything else happens;
 * the OpenAPI document is generated from the same schemas (the answers' shapes: ./responses.ts).
 */
import * as z from 'zod/mini';
import { LANGS } from '../i18n.js';
import { BOT_LEVELS } from '../matches/bot-seats.js';
import { TOKEN_PATTERN } from '../matches/tokens.js';
import { PAUSE_BUDGET_DAYS, TimingRequest } from '../matches/timing.js';

/** Names are shown to other players and put into emails: short, printable, trimmed. */
export const DisplayName = z.string().check(
  z.trim(),
  z.minLength(1, 'Enter a name.'),
  z.maxLength(24, 'Names are at most 24 characters.'),
  z.refine((s) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>]/u.test(s), 'Names may not contain control characters or < >.'),
);

export const Secret = z.string().check(z.regex(TOKEN_PATTERN, 'Not a valid link secret.'));
export const MatchId = z.string().check(z.regex(/^[A-Za-z0-9_-]{12}$/, 'Not a match id.'));
/** A seat number as written in a path: canonical digits only ("1", not "01", "1e0" or "0x1"). */
export const SeatParam = z.pipe(
  z.string().check(z.regex(/^(0|[1-9][0-9]?)$/, 'A seat is a whole number written plainly, such as 0 or 1.')),
  z.pipe(
    z.transform((s: string) => Number(s)),
    z.int().check(z.minimum(0), z.maximum(7)),
  ),
);
/** The path of a match route, and of a seat's. */
export const MatchPath = z.strictObject({ id: MatchId });
export const SeatPath = z.strictObject({ id: MatchId, seat: SeatParam });
export const IdempotencyKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Idempotency-Key must be 8–64 letters, digits, - or _.'));
/** Creating a match derives its secrets from the key, so the key must be as hard to guess as a secret. */
export const CreateIdempotencyKey = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9_-]{22,64}$/, 'To create a match, the Idempotency-Key must be 22–64 random letters, digits, - or _ (e.g. a UUID).'),
  );

/** A computer player's level. */
export const BotLevelRequest = z.enum(BOT_LEVELS, `A computer player is ${BOT_LEVELS.join(' or ')}.`);

/** A seat a computer plays from the start (seats 1..n-1; seat 0 is the creator's: checked by the service). */
export const BotSeatRequest = z.strictObject({
  // Which seats are allowed depends on the match's size: the service refuses the others ('invalid-bots').
  seat: z.int('A seat is a whole number.').check(z.minimum(0), z.maximum(7)),
  level: BotLevelRequest,
});

export const CreateMatchRequest = z.strictObject({
  game: z.string().check(z.minLength(1), z.maxLength(40)),
  options: z._default(z.record(z.string(), z.unknown()), {}),
  seats: z.int().check(z.minimum(1), z.maximum(8)),
  name: DisplayName,
  /** Platform options (reminders, move deadline), apart from the game's own options. */
  timing: z.optional(TimingRequest),
  /** Seats a computer plays; with every other seat a computer, the match starts at once. */
  bots: z.optional(z.array(BotSeatRequest).check(z.maxLength(7))),
  /** A player may ask the others to take back their last turn (off by default). */
  undoRequests: z.optional(z.boolean()),
});

/** Handing one's seat to a computer for now (PUT …/stand-in). */
export const StandInRequest = z.strictObject({ level: BotLevelRequest });

export const JoinRequest = z.strictObject({ invite: Secret, name: DisplayName });

export const MoveRequest = z.strictObject({
  expectedVersion: z.int().check(z.minimum(0)),
  move: z.unknown().check(z.refine((m) => m !== undefined, 'A move is required.')),
});

export const ResignRequest = z.strictObject({ expectedVersion: z.optional(z.int().check(z.minimum(0))) });

/** A table chat message (POST …/chat): its shape here, its content checked by functions/matches/chat.ts. */
export const ChatPostRequest = z.strictObject({ text: z.string('A message is a string of text.').check(z.maxLength(4000)) });
export const ChatMuteRequest = z.strictObject({ muted: z.boolean('Say true to mute the chat, false to hear it again.') });
export const ChatQuery = z.strictObject({ after: z.optional(z.coerce.number().check(z.int(), z.minimum(0))) });
/** Undo the seat's last move: the version the page shows, so an undo never takes back a move it has not seen. */
export const UndoRequest = z.strictObject({ expectedVersion: z.int().check(z.minimum(0)) });

/** The answer to a request to take back a turn. */
export const UndoAnswerRequest = z.strictObject({ accept: z.boolean() });

export const LogQuery = z.strictObject({ before: z.optional(z.coerce.number().check(z.int(), z.minimum(1))) });

/** A replay's range of versions (inclusive) and, after the end where the game allows it, a seat's eyes. */
export const ReplayQuery = z.strictObject({
  from: z.optional(z.coerce.number().check(z.int(), z.minimum(1))),
  to: z.optional(z.coerce.number().check(z.int(), z.minimum(1))),
  as: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(15))),
});

// ---------------------------------------------------------------- notifications and pausing

const base64url = (bytes: number) =>
  z.string().check(
    z.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Not base64url.'),
    z.refine((s) => Buffer.from(s, 'base64url').length === bytes, `Must hold ${bytes} bytes.`),
  );
const pushEndpoint = () => z.string().check(z.maxLength(1000), z.url());

/** The language the page shows, sent with settings and sign-in requests: mails and push texts then speak it. */
export const LangField = z.optional(z.enum(LANGS));
export const EmailRequest = z.strictObject({
  address: z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email('Enter an email address.')),
  lang: LangField,
  /** The address proof this browser was given when it confirmed the address (functions/notify/settings.ts). */
  proof: z.optional(Secret),
});
export const ChannelsRequest = z.strictObject({ email: z.optional(z.boolean()), push: z.optional(z.boolean()), lang: LangField });
export const PushSubscribeRequest = z.strictObject({
  endpoint: pushEndpoint(),
  lang: LangField,
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.strictObject({ p256dh: base64url(65), auth: base64url(16) }),
});
export const PushUnsubscribeRequest = z.strictObject({ endpoint: pushEndpoint() });
export const PauseRequest = z.strictObject({ days: z.int().check(z.minimum(1), z.maximum(PAUSE_BUDGET_DAYS)) });
export const TokenQuery = z.strictObject({ t: Secret });
