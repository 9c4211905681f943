/**
 * Wiring of the notifications part from environment variables, shared by the API and the dispatcher
 * (the sweep needs only the store: functions/sweep.ts; `npm start` wires its own in ./local.ts).
 *
 *   TABLE_NAME, DYNAMODB_ENDPOINT     the table (as for the API)
 *   PUBLIC_URL                        the site's origin, for links in messages (required off-request)
 *   SMTP_URL                          send mail over SMTP (nodemailer), e.g. smtp://user:pass@host:587
 *   EMAIL_FROM                        the sender, e.g. "Dutch <turns@dutch.example>"; with no SMTP_URL
 *                                     on Lambda, mail goes through Amazon SES v2 (SES_CONFIGURATION_SET optional)
 *   VAPID_SECRET_ID                   Secrets Manager secret with the VAPID keys (./vapid.ts)
 *   VAPID_SUBJECT                     mailto:/https: contact for the push services (optional)
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clientConfigFromEnv, dynamoClient } from '../storage/dynamo.js';
import type { MatchStore } from '../matches/port.js';
import { emailSenderFromEnv, type EmailSender } from './email.js';
import type { PushSender } from './push.js';
import { notificationRoutes, type NotifyRoutesDeps } from './routes.js';
import { NotifyStore } from '../storage/notify-dynamo.js';
import { secretVapidKeys, vapidSubject, type VapidKeys } from './vapid.js';

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
  opts: { push?: (vapid: () => Promise<VapidKeys>) => PushSender; db?: DynamoDBDocumentClient } = {},
): NotifyRuntime {
  // One client per process where the caller has one already: one set of connections, one setup at start.
  const store = new NotifyStore(opts.db ?? dynamoClient(clientConfigFromEnv(env)), tableName);
  const email = emailSenderFromEnv(env);
  const vapid = env.VAPID_SECRET_ID ? secretVapidKeys(env.VAPID_SECRET_ID, vapidSubject(env)) : undefined;
  return {
    store,
    ...(email ? { email } : {}),
    ...(vapid ? { vapid, ...(opts.push ? { push: opts.push(vapid) } : {}) } : {}),
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
  };
}

/** The API routes (createApp's `extend`) for a runtime; `extra` adds local-only parts. */
export function notifyRoutesFor(rt: NotifyRuntime, matches: MatchStore, extra: Partial<NotifyRoutesDeps> = {}) {
  const vapid = rt.vapid;
  return notificationRoutes({
    store: rt.store,
    matches,
    ...(rt.email ? { email: rt.email } : {}),
    ...(vapid ? { vapidPublicKey: async () => (await vapid()).publicKey } : {}),
    ...(rt.publicUrl ? { publicUrl: rt.publicUrl } : {}),
    ...extra,
  });
}
