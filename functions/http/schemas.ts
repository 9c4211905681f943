/**
 * Request shapes of the HTTP API. Every request is parsed with these before anything else happens;
 * the OpenAPI document is generated from the same schemas (the answers' shapes: ./responses.ts).
 * Each is built on its first use (`lazily`: `MoveRequest()` is the schema), not at import: a cold start
 * builds none, and a request only the ones its route parses with (infra/README.md).
 */
import * as z from 'zod/mini';
import { lazily } from '#shared/engine/lazy.js';
import { LANGS } from '../i18n.js';
import { BOT_LEVELS } from '../matches/bot-seats.js';
import { TOKEN_PATTERN } from '../matches/tokens.js';
import { PAUSE_BUDGET_DAYS, TimingRequest } from '../matches/timing.js';
import { isZone } from '../matches/zones.js';

/** Names are shown to other players and put into emails: short, printable, trimmed. */
export const DisplayName = lazily(() =>
  z.string().check(
    z.trim(),
    z.minLength(1, 'Enter a name.'),
    z.maxLength(24, 'Names are at most 24 characters.'),
    z.refine((s) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>]/u.test(s), 'Names may not contain control characters or < >.'),
  ),
);

export const Secret = lazily(() => z.string().check(z.regex(TOKEN_PATTERN, 'Not a valid link secret.')));
export const MatchId = lazily(() => z.string().check(z.regex(/^[A-Za-z0-9_-]{12}$/, 'Not a match id.')));
/** A seat number as written in a path: canonical digits only ("1", not "01", "1e0" or "0x1"). */
export const SeatParam = lazily(() =>
  z.pipe(
    z.string().check(z.regex(/^(0|[1-9][0-9]?)$/, 'A seat is a whole number written plainly, such as 0 or 1.')),
    z.pipe(
      z.transform((s: string) => Number(s)),
      z.int().check(z.minimum(0), z.maximum(7)),
    ),
  ),
);
/** A leaderboard's game (GET /api/ratings/:game?seats=n): any game id; one without a rating answers 404. */
export const RatingsPath = lazily(() => z.strictObject({ game: z.string().check(z.regex(/^[a-z-]{1,40}$/, 'Not a game id.')) }));
export const RatingsQuery = lazily(() => z.strictObject({ seats: z.coerce.number().check(z.int(), z.minimum(2), z.maximum(8)) }));
/** The path of a match route, and of a seat's. */
export const MatchPath = lazily(() => z.strictObject({ id: MatchId() }));
export const SeatPath = lazily(() => z.strictObject({ id: MatchId(), seat: SeatParam() }));
export const IdempotencyKey = lazily(() =>
  z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Idempotency-Key must be 8–64 letters, digits, - or _.')),
);
/** Creating a match derives its secrets from the key, so the key must be as hard to guess as a secret. */
export const CreateIdempotencyKey = lazily(() =>
  z
    .string()
    .check(
      z.regex(
        /^[A-Za-z0-9_-]{22,64}$/,
        'To create a match, the Idempotency-Key must be 22–64 random letters, digits, - or _ (e.g. a UUID).',
      ),
    ),
);

/** A computer player's level. */
export const BotLevelRequest = lazily(() => z.enum(BOT_LEVELS, `A computer player is ${BOT_LEVELS.join(' or ')}.`));

/** A seat a computer plays from the start (seats 1..n-1; seat 0 is the creator's: checked by the service). */
export const BotSeatRequest = lazily(() =>
  z.strictObject({
    // Which seats are allowed depends on the match's size: the service refuses the others ('invalid-bots').
    seat: z.int('A seat is a whole number.').check(z.minimum(0), z.maximum(7)),
    level: BotLevelRequest(),
  }),
);

export const CreateMatchRequest = lazily(() =>
  z.strictObject({
    game: z.string().check(z.minLength(1), z.maxLength(40)),
    options: z._default(z.record(z.string(), z.unknown()), {}),
    seats: z.int().check(z.minimum(1), z.maximum(8)),
    name: DisplayName(),
    /** Platform options (reminders, move deadline), apart from the game's own options. */
    timing: z.optional(TimingRequest()),
    /** Seats a computer plays; with every other seat a computer, the match starts at once. */
    bots: z.optional(z.array(BotSeatRequest()).check(z.maxLength(7))),
    /** A player may ask the others to take back their last turn (off by default). */
    undoRequests: z.optional(z.boolean()),
    /** The match counts for the ratings (off by default): signed-in players only, no computers. */
    rated: z.optional(z.boolean()),
  }),
);

/** Handing one's seat to a computer for now (PUT …/stand-in). */
export const StandInRequest = lazily(() => z.strictObject({ level: BotLevelRequest() }));

export const JoinRequest = lazily(() => z.strictObject({ invite: Secret(), name: DisplayName() }));

export const MoveRequest = lazily(() =>
  z.strictObject({
    expectedVersion: z.int().check(z.minimum(0)),
    move: z.unknown().check(z.refine((m) => m !== undefined, 'A move is required.')),
  }),
);

export const ResignRequest = lazily(() => z.strictObject({ expectedVersion: z.optional(z.int().check(z.minimum(0))) }));

/** A table chat message (POST …/chat): its shape here, its content checked by functions/matches/chat.ts. */
export const ChatPostRequest = lazily(() => z.strictObject({ text: z.string('A message is a string of text.').check(z.maxLength(4000)) }));
export const ChatMuteRequest = lazily(() => z.strictObject({ muted: z.boolean('Say true to mute the chat, false to hear it again.') }));
export const ChatQuery = lazily(() => z.strictObject({ after: z.optional(z.coerce.number().check(z.int(), z.minimum(0))) }));
/** Undo the seat's last move: the version the page shows, so an undo never takes back a move it has not seen. */
export const UndoRequest = lazily(() => z.strictObject({ expectedVersion: z.int().check(z.minimum(0)) }));

/** The answer to a request to take back a turn. */
export const UndoAnswerRequest = lazily(() => z.strictObject({ accept: z.boolean() }));

export const LogQuery = lazily(() => z.strictObject({ before: z.optional(z.coerce.number().check(z.int(), z.minimum(1))) }));

/** A replay's range of versions (inclusive) and, after the end where the game allows it, a seat's eyes. */
export const ReplayQuery = lazily(() =>
  z.strictObject({
    from: z.optional(z.coerce.number().check(z.int(), z.minimum(1))),
    to: z.optional(z.coerce.number().check(z.int(), z.minimum(1))),
    as: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(15))),
  }),
);

// ---------------------------------------------------------------- notifications and pausing

const base64url = (bytes: number) =>
  z.string().check(
    z.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Not base64url.'),
    z.refine((s) => Buffer.from(s, 'base64url').length === bytes, `Must hold ${bytes} bytes.`),
  );
const pushEndpoint = () => z.string().check(z.maxLength(1000), z.url());

/** The language the page shows, sent with settings and sign-in requests: mails and push texts then speak it. */
export const LangField = lazily(() => z.optional(z.enum(LANGS)));
export const EmailRequest = lazily(() =>
  z.strictObject({
    address: z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email('Enter an email address.')),
    lang: LangField(),
    /** The address proof this browser was given when it confirmed the address (functions/notify/settings.ts). */
    proof: z.optional(Secret()),
  }),
);
export const ChannelsRequest = lazily(() =>
  z.strictObject({ email: z.optional(z.boolean()), push: z.optional(z.boolean()), lang: LangField() }),
);
export const PushSubscribeRequest = lazily(() =>
  z.strictObject({
    endpoint: pushEndpoint(),
    lang: LangField(),
    expirationTime: z.optional(z.nullable(z.number())),
    keys: z.strictObject({ p256dh: base64url(65), auth: base64url(16) }),
  }),
);
export const PushUnsubscribeRequest = lazily(() => z.strictObject({ endpoint: pushEndpoint() }));
export const PauseRequest = lazily(() => z.strictObject({ days: z.int().check(z.minimum(1), z.maximum(PAUSE_BUDGET_DAYS)) }));
/** A time of day on the wall, "23:00". */
const WallTime = lazily(() => z.string().check(z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'A time of day such as 23:00.')));
/** A seat's time zone (an IANA name the server knows) and its quiet hours, or none. */
export const SeatTimeRequest = lazily(() =>
  z.strictObject({
    zone: z.string().check(z.refine(isZone, 'A time zone such as Europe/Amsterdam.')),
    quiet: z.nullable(z.strictObject({ from: WallTime(), to: WallTime() })),
  }),
);
export const TokenQuery = lazily(() => z.strictObject({ t: Secret() }));
/** A new chat-app webhook: its address, and whether it carries this seat's notices or the whole match's (a group's channel). */
export const WebhookRequest = lazily(() =>
  z.strictObject({
    url: z.string().check(z.trim(), z.minLength(8), z.maxLength(500)),
    scope: z.optional(z.enum(['seat', 'match'])),
    lang: LangField(),
  }),
);
export const WebhookId = lazily(() => z.string().check(z.regex(/^[A-Za-z0-9_-]{6,24}$/)));
export const WebhookPath = lazily(() => z.strictObject({ id: MatchId(), seat: SeatParam(), hook: WebhookId() }));
/** A signed-in player's own webhook (/api/me/webhooks/{hook}). */
export const PlayerWebhookPath = lazily(() => z.strictObject({ hook: WebhookId() }));
export const WebhookPauseRequest = lazily(() => z.strictObject({ paused: z.boolean() }));
