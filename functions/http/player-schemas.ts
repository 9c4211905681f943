/** Request shapes of the player routes (functions/http/routes/players.ts); parsed before anything else. Built on first use, as ./schemas.ts's. */
import * as z from 'zod/mini';
import { lazily } from '#shared/engine/lazy.js';
import { MAIL_RHYTHMS, NOTICE_CHOICES } from '../players/model.js';
import { LANGS } from '../i18n.js';
import { EmailRequest, MatchId, Secret } from './schemas.js';

export const SignInRequest = EmailRequest;

export const ClaimSeatsRequest = lazily(() =>
  z.strictObject({
    seats: z
      .array(z.strictObject({ matchId: MatchId(), seat: z.int().check(z.minimum(0), z.maximum(7)), token: Secret() }))
      .check(z.minLength(1, 'Send at least one seat.'), z.maxLength(50, 'Send at most 50 seats at once.')),
  }),
);

/** `mail`: "each-turn" (the default) or "daily" (one digest a day; push stays per turn). */
export const NoticesRequest = lazily(() =>
  z.strictObject({
    notices: z.enum(NOTICE_CHOICES),
    reminders: z.boolean(),
    mail: z.optional(z.enum(MAIL_RHYTHMS)),
  }),
);

/** A session's public id, as the session list shows it. */
export const SessionId = lazily(() => z.string().check(z.regex(/^[A-Za-z0-9_-]{16}$/, 'Not a session id.')));
export const SessionPath = lazily(() => z.strictObject({ sessionId: SessionId() }));

/** PUT /api/me/lang: the language of the player's mails (and, copied, their seats' notices). */
export const LangRequest = lazily(() => z.strictObject({ lang: z.enum(LANGS) }));

/** PUT /api/me/name: the name to claim (its shape and the filter: functions/players/names.ts, in the domain's words). */
export const NameRequest = lazily(() => z.strictObject({ name: z.string().check(z.maxLength(200)) }));
/** PUT /api/me/presence: whether others may see when the player was last here. */
export const PresenceRequest = lazily(() => z.strictObject({ hideLastSeen: z.boolean() }));
/** GET /api/players/{name}: a name as a path segment (checked again by the domain). */
export const PlayerNamePath = lazily(() => z.strictObject({ name: z.string().check(z.minLength(1), z.maxLength(100)) }));
