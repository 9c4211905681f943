/**
 * Wiring from environment variables: the same for Lambda (functions/lambda/*) and for the local server
 * (`npm start` wires its own notifications part in functions/local/notify.ts).
 *
 *   TABLE_NAME, DYNAMODB_ENDPOINT     the table (as for the API)
 *   PUBLIC_URL                        the site's origin, for links in messages (required off-request)
 *   SMTP_URL                          send mail over SMTP (nodemailer), e.g. smtp://user:pass@host:587
 *   EMAIL_FROM                        the sender, e.g. "Dutch <turns@dutch.example>"; with no SMTP_URL
 *                                     on Lambda, mail goes through Amazon SES v2 (SES_CONFIGURATION_SET optional)
 *   VAPID_SECRET_ID                   Secrets Manager secret with the VAPID keys (functions/notify/vapid.ts)
 *   VAPID_SUBJECT                     mailto:/https: contact for the push services (optional)
 *   SEAT_KEY                          32 random bytes (base64url) that seal the seat tokens a signed-in
 *                                     player's record keeps (functions/players/vault.ts); without it,
 *                                     signing in is off. `npm start` makes one in its data folder.
 *   SEAT_KEY_SECRET_ID                on Lambda: the Secrets Manager secret holding SEAT_KEY, read by the
 *                                     API at cold start (functions/lambda/seat-key.ts)
 *   DIGEST_INTERVAL_MS                `npm start`: how often the daily digest's job runs (default hourly)
 */
import { gameRegistry } from '#shared/games/index.js';
import type { AppDeps, NotificationsDeps, PlayersDeps } from './app.js';
import { emailSenderFromEnv, type EmailSender } from './notify/email.js';
import type { NotifyStore } from './notify/port.js';
import type { PushSender } from './notify/push.js';
import { secretVapidKeys, vapidSubject, type VapidKeys } from './notify/vapid.js';
import { DynamoMatchStore, dynamoClientFromEnv, type TableClient } from './storage/dynamo.js';
import { DynamoLobbyStore } from './storage/lobby-dynamo.js';
import { DynamoNotifyStore } from './storage/notify-dynamo.js';
import { DynamoPlayerStore } from './storage/players-dynamo.js';
import { DynamoWebhookStore } from './storage/webhooks-dynamo.js';
import { HttpsWebhookSender } from './notify/webhook-send.js';
import { DynamoChallengeStore } from './storage/challenges-dynamo.js';
import { DynamoFollowStore } from './storage/follows-dynamo.js';
import { DynamoVacationStore } from './storage/vacation-dynamo.js';
import { DynamoProfileStore } from './storage/profiles-dynamo.js';
import { DynamoRatingStore } from './storage/ratings-dynamo.js';
import { DynamoSafetyStore } from './storage/safety-dynamo.js';
import { DEFAULT_TABLE } from './storage/table.js';

export { DEFAULT_TABLE };

export function depsFromEnv(env: Record<string, string | undefined> = process.env): AppDeps {
  const db = dynamoClientFromEnv(env);
  const tableName = env.TABLE_NAME ?? DEFAULT_TABLE;
  const store = new DynamoMatchStore(db, tableName);
  const players = playersFromEnv(env, db, tableName);
  return {
    store,
    games: gameRegistry,
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    // Notification settings, email confirmation and unsubscribe (functions/notify).
    notifications: notificationsOf(notifyFromEnv(env, tableName, { db })),
    // The lobby is for signed-in players: with them, open games and quick match (functions/matches/lobby.ts).
    ...(players ? { players, lobby: new DynamoLobbyStore(db, tableName) } : {}),
    // Chat-app webhooks: the API adds and tests them (a test message is sent from the API at once).
    webhooks: webhooksOf(db, tableName),
    ratings: new DynamoRatingStore(db, tableName),
  };
}

/** The webhook store and its HTTPS sender (the dispatcher delivers with them too). */
export function webhooksOf(db: TableClient, tableName: string) {
  return { store: new DynamoWebhookStore(db, tableName), sender: new HttpsWebhookSender() };
}

/** Signed-in players, when SEAT_KEY is set (32 bytes, base64url). */
export function playersFromEnv(env: Record<string, string | undefined>, db: TableClient, tableName: string): PlayersDeps | undefined {
  if (!env.SEAT_KEY) return undefined;
  const seatKey = Buffer.from(env.SEAT_KEY, 'base64url');
  if (seatKey.length !== 32) throw new Error('SEAT_KEY must be 32 bytes, base64url.');
  return {
    store: new DynamoPlayerStore(db, tableName),
    seatKey,
    profiles: new DynamoProfileStore(db, tableName),
    safety: new DynamoSafetyStore(db, tableName),
    follows: new DynamoFollowStore(db, tableName),
    challenges: new DynamoChallengeStore(db, tableName),
    vacation: new DynamoVacationStore(db, tableName),
  };
}

export interface NotifyRuntime {
  store: NotifyStore;
  email?: EmailSender;
  push?: PushSender;
  vapid?: () => Promise<VapidKeys>;
  publicUrl?: string;
}

/**
 * `push` makes the web push sender from the VAPID keys; only the dispatcher passes it (it sends the
 * pushes), so the API, which only hands out the public key, does not load the web-push package.
 * `db` shares the caller's DynamoDB client.
 */
export function notifyFromEnv(
  env: Record<string, string | undefined>,
  tableName: string,
  opts: { push?: (vapid: () => Promise<VapidKeys>) => PushSender; db?: TableClient } = {},
): NotifyRuntime {
  // One client per process where the caller has one already: one set of connections, one setup at start.
  const store = new DynamoNotifyStore(opts.db ?? dynamoClientFromEnv(env), tableName);
  const email = emailSenderFromEnv(env);
  const vapid = env.VAPID_SECRET_ID ? secretVapidKeys(env.VAPID_SECRET_ID, vapidSubject(env)) : undefined;
  return {
    store,
    ...(email ? { email } : {}),
    ...(vapid ? { vapid, ...(opts.push ? { push: opts.push(vapid) } : {}) } : {}),
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
  };
}

/** The API's notifications part for a runtime; `extra` adds local-only parts. */
export function notificationsOf(rt: NotifyRuntime, extra: Partial<NotificationsDeps> = {}): NotificationsDeps {
  const vapid = rt.vapid;
  return {
    store: rt.store,
    ...(rt.email ? { email: rt.email } : {}),
    ...(vapid ? { vapidPublicKey: async () => (await vapid()).publicKey } : {}),
    ...(rt.publicUrl ? { publicUrl: rt.publicUrl } : {}),
    ...extra,
  };
}
