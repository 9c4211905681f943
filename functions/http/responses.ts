/**
 * The shapes the HTTP API answers with, as zod schemas: the routes' answers are checked against them
 * at compile time (`satisfies`), the OpenAPI document is generated from them, and the web's types are
 * derived from them (web/src/types.ts, with `import type` only, so no zod reaches the page's bundle).
 */
import * as z from 'zod/mini';

const Status = z.enum(['open', 'active', 'over']);
const BotLevel = z.enum(['beginner', 'easy', 'strong']);

/** A computer plays this seat: made for it (no standIn), or standing in for its player until they are back. */
export const SeatBotResponse = z.object({ level: BotLevel, standIn: z.optional(z.enum(['deadline', 'asked'])) });

/**
 * Words as a catalog key and its parameters (shared/engine/game.ts `Words`): a parameter is a string, a
 * number, a seat `{seat}`, nested words `{key, params}` or a list `{list}`. Clients render them in their language.
 */
const WordParams = z.record(z.string(), z.unknown());

export const LogEntryResponse = z.object({
  type: z.string(),
  key: z.optional(z.string()),
  params: z.optional(WordParams),
  /** English, with `{0}`-style seat placeholders: only lines not yet given keys. */
  text: z.optional(z.string()),
  seat: z.optional(z.number()),
  data: z.optional(z.unknown()),
});

/** One log record as a viewer may read it. */
export const LogRecordResponse = z.object({
  version: z.number(),
  at: z.number(),
  seat: z.nullable(z.number()),
  /** On a move a computer made: its level. */
  bot: z.optional(BotLevel),
  entries: z.array(LogEntryResponse),
});

export const SeatResponse = z.object({
  seat: z.number(),
  name: z.nullable(z.string()),
  joined: z.boolean(),
  waitingSince: z.nullable(z.number()),
  /** When this seat's current move is due (only with a move deadline, while it is to act). */
  deadlineAt: z.optional(z.nullable(z.number())),
  /** The seat has paused its deadlines until then. */
  pausedUntil: z.optional(z.nullable(z.number())),
  /** The seat's holder spends vacation days on this turn: its deadline waits until then (functions/matches/vacation.ts). */
  vacationUntil: z.optional(z.nullable(z.number())),
  /** A computer plays this seat (its name says so too). */
  bot: z.optional(SeatBotResponse),
});

/** Reminders and the move deadline; `policy` says in words what a missed deadline does. */
export const TimingResponse = z.object({
  reminderHours: z.number(),
  deadlineDays: z.number(),
  /** What a passed deadline does; absent means the standard move. */
  onDeadline: z.optional(z.enum(['default-move', 'bot', 'forfeit'])),
  /** No deadline passes at a weekend in the zone of the seat to move (it moves to Monday). */
  noWeekends: z.optional(z.boolean()),
  policy: z.string(),
});

export const MatchEndResponse = z.object({
  winners: z.readonly(z.array(z.number())),
  scores: z.optional(z.readonly(z.array(z.number()))),
  key: z.optional(z.string()),
  params: z.optional(WordParams),
  /** English, with `{0}`-style seat placeholders: matches that ended before results had keys. */
  summary: z.optional(z.string()),
  details: z.optional(z.unknown()),
  reason: z.optional(z.enum(['finished', 'resigned', 'forfeit'])),
  seat: z.optional(z.number()),
});

/** What a page needs to know of the table chat: when to fetch it, whether this seat muted it, when it may nudge. */
export const ChatSummaryResponse = z.object({
  count: z.number(),
  muted: z.boolean(),
  /** This seat nudged less than a day ago: when it may nudge again. */
  nudgeAt: z.optional(z.number()),
});

/** One table chat message: plain text, to be shown as text. */
export const ChatMessageResponse = z.object({ seq: z.number(), seat: z.number(), text: z.string(), at: z.number() });
export const ChatPageResponse = z.object({ messages: z.array(ChatMessageResponse), more: z.boolean() });
export const ChatPostResponse = z.object({ message: ChatMessageResponse, version: z.number() });
export const ChatMuteResponse = z.object({ muted: z.boolean(), version: z.number() });
export const NudgeResponse = z.object({ version: z.number(), nudged: z.array(z.number()), nudgeAt: z.number() });

export const MatchResponse = z.object({
  matchId: z.string(),
  game: z.object({ id: z.string(), name: z.string() }),
  version: z.number(),
  status: Status,
  options: z.unknown(),
  /** Absent or null for matches made before reminders and deadlines existed. */
  timing: z.optional(z.nullable(TimingResponse)),
  seats: z.array(SeatResponse),
  /** The viewer's seat; null for a spectator. */
  you: z.nullable(z.number()),
  toAct: z.array(z.number()),
  view: z.unknown(),
  legalMoves: z.array(z.unknown()),
  log: z.array(LogRecordResponse),
  end: z.nullable(MatchEndResponse),
  rematchId: z.nullable(z.string()),
  /** A rated match: `rated`, or `void` once a computer took a seat (it no longer counts); absent when casual. */
  rated: z.optional(z.enum(['rated', 'void'])),
  /** The table chat (absent on answers from before it existed). */
  chat: z.optional(ChatSummaryResponse),
  /** For a seat: whether it may undo its last move now (functions/matches/undo.ts), and how many in a row. */
  undo: z.optional(
    z.object({
      canUndo: z.boolean(),
      steps: z.number(),
      /** Only in a match with undo requests: may this seat ask the others to take back its last turn now? */
      canAsk: z.optional(z.boolean()),
      /** A request waiting: whose turn, and whose answers it still waits for. */
      request: z.optional(z.nullable(z.object({ seat: z.number(), waitingFor: z.array(z.number()) }))),
      canAnswer: z.optional(z.boolean()),
    }),
  ),
  /** Only in the answer to a move: what it did, as log lines. */
  events: z.optional(z.array(LogEntryResponse)),
  reveal: z.optional(z.unknown()),
});

/** One version of a replay: the game as the viewer saw it then, and that version's log lines. */
export const ReplayStepResponse = z.object({
  version: z.number(),
  at: z.number(),
  view: z.unknown(),
  log: z.array(LogRecordResponse),
});

/** A page of a replay (GET …/replay?from=&to=): at most 50 steps; `next` continues it. */
export const ReplayResponse = z.object({
  matchId: z.string(),
  /** The match's version now; `to` may not go past it. */
  version: z.number(),
  status: Status,
  /** The first and last version a replay of this match has a step for. */
  first: z.number(),
  last: z.number(),
  /** Whose eyes the steps use: a seat, or null for the public view. */
  viewer: z.nullable(z.number()),
  /** After the end: this game lets anyone replay it as any seat saw it (`as=<seat>`). */
  everySeat: z.boolean(),
  steps: z.array(ReplayStepResponse),
  /** Where the next page starts (`from`), or null when this one reached `to`. */
  next: z.nullable(z.number()),
  /** Steps from `from` to `to` in all, over every page: the replay says "step 6 of 57", not "of 50+". */
  total: z.number(),
  /** Logged versions after `from`, up to the match's version, by others and with lines the viewer reads. */
  since: z.number(),
});

/** A page of older log records (GET …/log?before=). */
export const LogPageResponse = z.object({ log: z.array(LogRecordResponse) });

export const GamesResponse = z.object({
  games: z.array(z.object({ id: z.string(), name: z.string(), minSeats: z.number(), maxSeats: z.number() })),
});

export const CreateMatchResponse = z.object({
  matchId: z.string(),
  seat: z.number(),
  token: z.string(),
  url: z.string(),
  invites: z.array(z.object({ seat: z.number(), url: z.string() })),
  spectatorUrl: z.string(),
});

const BoardLine = z.object({ playerId: z.string(), rating: z.number(), games: z.number() });
const RatingChangeResponse = z.object({ seat: z.number(), before: z.number(), after: z.number(), provisional: z.boolean() });

/** A pool's leaderboard: its top 100 and, for a signed-in player established there, the lines around them. */
export const LeaderboardResponse = z.object({
  game: z.string(),
  seats: z.number(),
  top: z.array(BoardLine),
  around: z.array(BoardLine),
  /** The signed-in player's own rating there; null when not signed in or not rated yet. */
  me: z.nullable(z.object({ playerId: z.string(), rating: z.number(), games: z.number(), provisional: z.boolean() })),
});

/** What a finished rated match did to each seat's rating; `changes` is empty until the end is rated. */
export const MatchRatingsResponse = z.object({ rated: z.boolean(), changes: z.array(RatingChangeResponse) });

/** Joining a seat, and a seat in the rematch. */
export const JoinResponse = z.object({ matchId: z.string(), seat: z.number(), token: z.string(), url: z.string() });

export const LinksResponse = z.object({ invites: z.array(z.object({ seat: z.number(), url: z.string() })), spectatorUrl: z.string() });

/** What an invite shows before joining: only facts every player of the match sees anyway. */
export const InviteInfoResponse = z.object({
  matchId: z.string(),
  game: z.object({ id: z.string(), name: z.string() }),
  options: z.unknown(),
  status: Status,
  /** The seat this invite offers. */
  seat: z.number(),
  /** The name of whoever made the match. */
  invitedBy: z.nullable(z.string()),
  createdAt: z.number(),
  seats: z.array(z.object({ seat: z.number(), name: z.nullable(z.string()), joined: z.boolean(), bot: z.optional(SeatBotResponse) })),
});

/** The answer to every notification settings request (and pausing): the seat's settings after the change. */
export const NotificationSettingsResponse = z.object({
  channels: z.object({ email: z.boolean(), push: z.boolean() }),
  email: z.nullable(z.object({ address: z.string(), state: z.enum(['pending', 'confirmed', 'unsubscribed', 'bouncing']) })),
  emailAvailable: z.boolean(),
  push: z.object({ devices: z.number(), available: z.boolean() }),
  pause: z.object({ pausedUntil: z.nullable(z.number()), budgetLeftMs: z.number() }),
  /** The seat's time zone (null: never set, UTC) and quiet hours ("23:00"–"08:00"), or none. */
  time: z.object({ zone: z.nullable(z.string()), quiet: z.nullable(z.object({ from: z.string(), to: z.string() })) }),
});

/** A chat-app webhook as its owner sees it (functions/notify/webhook-settings.ts): never its secret or its path. */
export const WebhookResponse = z.object({
  id: z.string(),
  kind: z.enum(['discord', 'slack', 'signed']),
  scope: z.enum(['seat', 'match', 'player']),
  host: z.string(),
  lang: z.string(),
  createdAt: z.number(),
  failures: z.number(),
  paused: z.nullable(z.object({ at: z.number(), reason: z.enum(['owner', 'failing', 'gone']) })),
});
export const WebhooksResponse = z.object({ webhooks: z.array(WebhookResponse) });
/** A new webhook, with its signing secret: the only time the secret is shown (null for Discord and Slack). */
export const WebhookAddedResponse = z.object({ webhook: WebhookResponse, secret: z.nullable(z.string()) });
export const WebhookTestResponse = z.object({ ok: z.boolean(), status: z.nullable(z.number()), reason: z.nullable(z.string()) });

export const ErrorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /**
     * The refusal as words: a refused move's (the page renders them in its own language), or the site's own
     * (`error.*`, server-only words: `message` is already in the request's language).
     */
    key: z.optional(z.string()),
    params: z.optional(WordParams),
    issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
    version: z.optional(z.number()),
    retryAfter: z.optional(z.number()),
  }),
});

/** What a route answers with, checked against its schema (`satisfies Answer<typeof MatchResponse>`). */
export type Answer<S extends z.ZodMiniType> = z.output<S>;

/** An open game as the lobby lists it (functions/matches/lobby.ts `listingOf`): no token, address or player id. */
export const LobbyGame = z.object({
  matchId: z.string(),
  gameId: z.string(),
  options: z.record(z.string(), z.unknown()),
  seats: z.number(),
  open: z.number(),
  taken: z.array(z.string()),
  deadlineDays: z.number(),
  onDeadline: z.string(),
  rated: z.boolean(),
  createdAt: z.number(),
  waitedMs: z.number(),
  botsAt: z.optional(z.number()),
  yours: z.optional(z.boolean()),
});
export const LobbyResponse = z.object({ games: z.array(LobbyGame) });
/** A seat from the lobby: opened (seat 0), taken, or found by quick match (`joined`: an open game was there). */
export const LobbySeatResponse = z.object({
  matchId: z.string(),
  seat: z.number(),
  token: z.string(),
  url: z.string(),
  joined: z.optional(z.boolean()),
});

/** A pending challenge as either player's list shows it (functions/matches/challenges.ts): names, never ids or addresses. */
export const ChallengeListing = z.object({
  matchId: z.string(),
  gameId: z.string(),
  seats: z.number(),
  rated: z.boolean(),
  from: z.string(),
  to: z.string(),
  createdAt: z.number(),
  until: z.number(),
});
export const ChallengesResponse = z.object({ incoming: z.array(ChallengeListing), outgoing: z.array(ChallengeListing) });
/** The challenger's seat (seat 0), or the seat the challenged player accepted (seat 1), with the match's other links. */
export const ChallengeSeatResponse = z.object({
  matchId: z.string(),
  seat: z.number(),
  token: z.string(),
  url: z.string(),
  invites: z.optional(z.array(z.object({ seat: z.number(), url: z.string() }))),
});
