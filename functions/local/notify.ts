/**
 * The notifications part inside `npm start`: the dispatcher on its own in-process queue, fed by the one local
 * stream reader (functions/local/stream-lane.ts), the
 * sweep on a timer, the daily digest on a timer (hourly, DIGEST_INTERVAL_MS, and once at start), VAPID keys kept in the data directory, and email over SMTP_URL or, without
 * it, into the dev outbox shown at /dev/outbox. Nothing here runs on Lambda.
 */
import type { AnyGame } from '#shared/engine/game.js';
import type { NotificationsDeps } from '../app.js';
import { notificationsOf, webhooksOf } from '../deps.js';
import type { CommitWatch, MatchStore } from '../matches/port.js';
import { MatchService } from '../matches/service.js';
import { Dispatcher } from '../notify/dispatcher.js';
import { DEFAULT_FROM, DevOutbox, SmtpEmailSender, type EmailSender } from '../notify/email.js';
import { WebPushSender } from '../notify/push.js';
import { Sweep } from '../notify/reminders.js';
import { DailyDigest } from '../players/digest.js';
import { DynamoDigestStore } from '../storage/digest-dynamo.js';
import { DynamoVacationStore } from '../storage/vacation-dynamo.js';
import { DynamoPlayerStore } from '../storage/players-dynamo.js';
import { DynamoProfileStore } from '../storage/profiles-dynamo.js';
import { PlayerStats } from '../players/stats.js';
import { localVapidKeys, secretVapidKeys, vapidSubject, type VapidKeys } from '../notify/vapid.js';
import { dynamoClientFromEnv } from '../storage/dynamo.js';
import { DynamoNotifyStore } from '../storage/notify-dynamo.js';
import { outboxBatch } from '../storage/stream-records.js';
import { consumeChanges, type LocalStream } from './stream-lane.js';
import { Ratings } from '../ratings/service.js';
import { DynamoRatingStore } from '../storage/ratings-dynamo.js';

export interface LocalNotify {
  /** The API's notifications part (createApp's `notifications`). */
  notifications: NotificationsDeps;
  /** The webhook store and sender the dispatcher uses (createApp's `webhooks`). */
  webhooks: ReturnType<typeof webhooksOf>;
  outbox?: DevOutbox;
  stop(): Promise<void>;
}

export function startLocalNotify(opts: {
  env: Record<string, string | undefined>;
  dataDir: string;
  tableName: string;
  publicUrl: string;
  matches: MatchStore;
  games: ReadonlyMap<string, AnyGame>;
  /** The shared local stream (scripts/start.ts); without it, a reader of its own. */
  stream?: LocalStream;
  /** Told of the sweep's commits (the signed-in players' waiting boards, functions/players/waiting.ts). */
  watch?: CommitWatch;
}): LocalNotify {
  const { env } = opts;
  const db = dynamoClientFromEnv(env);
  const store = new DynamoNotifyStore(db, opts.tableName);
  const from = env.EMAIL_FROM ?? DEFAULT_FROM;
  const outbox = env.SMTP_URL ? undefined : new DevOutbox({ from });
  const email: EmailSender = env.SMTP_URL ? new SmtpEmailSender(env.SMTP_URL, from) : outbox!;
  const subject = vapidSubject(env);
  let vapid: () => Promise<VapidKeys>;
  if (env.VAPID_SECRET_ID) {
    vapid = secretVapidKeys(env.VAPID_SECRET_ID, subject);
  } else {
    const keys = localVapidKeys(opts.dataDir, subject);
    vapid = async () => keys;
  }
  const push = new WebPushSender({ vapid });
  const log = (entry: Record<string, unknown>) => {
    if (entry.level !== 'info' || env.NOTIFY_LOG === '1') console.log(JSON.stringify(entry));
  };

  const webhooks = webhooksOf(db, opts.tableName);
  const playerStore = new DynamoPlayerStore(db, opts.tableName);
  const stats = new PlayerStats({
    matches: opts.matches,
    players: playerStore,
    profiles: new DynamoProfileStore(db, opts.tableName),
    clock: Date.now,
  });
  const finished = (matchId: string) => stats.matchOver(matchId);
  const ratings = new Ratings({
    store: new DynamoRatingStore(dynamoClientFromEnv(env), opts.tableName),
    match: (id) => opts.matches.get(id),
    clock: Date.now,
  });
  const dispatcher = new Dispatcher({
    store,
    matches: opts.matches,
    games: opts.games,
    publicUrl: opts.publicUrl,
    email,
    push,
    // A signed-in player's own webhooks hear of every seat they hold.
    webhooks: { ...webhooks, ownerOf: (matchId, seat) => playerStore.seatOwner(matchId, seat) },
    log,
    finished,
    ratings,
  });
  const reader = consumeChanges({
    ...(opts.stream ? { stream: opts.stream } : {}),
    consumer: 'notify',
    env,
    tableName: opts.tableName,
    handle: (changes) => dispatcher.handleBatch(outboxBatch(changes)),
    log,
    pollMs: Number(env.DISPATCH_POLL_MS ?? 1000),
  });

  const service = new MatchService({
    store: opts.matches,
    games: opts.games,
    clock: Date.now,
    ...(opts.watch ? { watch: opts.watch } : {}),
  });
  const sweep = new Sweep({ store, matches: opts.matches, service, vacation: new DynamoVacationStore(db, opts.tableName), log });
  let sweeping: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      sweeping = sweeping
        .then(() => sweep.run({ budgetMs: 20_000 }))
        .catch((err) => log({ level: 'error', message: 'sweep failed', error: String(err) }));
    },
    Number(env.SWEEP_INTERVAL_MS ?? 30_000),
  );

  const digest = digestLoop({ ...opts, store, email, log });

  console.log(
    `Notifications: email ${outbox ? 'to the dev outbox (/dev/outbox)' : 'over SMTP'}, web push with VAPID keys in ${opts.dataDir}/vapid.json`,
  );
  return {
    notifications: notificationsOf({ store, email, vapid, push, publicUrl: opts.publicUrl }, outbox ? { devOutbox: outbox } : {}),
    webhooks,
    ...(outbox ? { outbox } : {}),
    async stop() {
      clearInterval(timer);
      await Promise.allSettled([reader.stop(), sweeping, digest.stop()]);
      if (email instanceof SmtpEmailSender) email.close();
    },
  };
}

/** The daily digest (functions/players/digest.ts) as AWS runs it hourly; a run at start covers a restart. */
function digestLoop(opts: {
  env: Record<string, string | undefined>;
  tableName: string;
  publicUrl: string;
  matches: MatchStore;
  games: ReadonlyMap<string, AnyGame>;
  store: DynamoNotifyStore;
  email: EmailSender;
  log: (entry: Record<string, unknown>) => void;
}): { stop(): Promise<void> } {
  const db = dynamoClientFromEnv(opts.env);
  const digest = new DailyDigest({
    players: new DynamoPlayerStore(db, opts.tableName),
    digests: new DynamoDigestStore(db, opts.tableName),
    matches: opts.matches,
    notify: opts.store,
    games: opts.games,
    email: opts.email,
    publicUrl: opts.publicUrl,
    log: opts.log,
  });
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(() => digest.run({ budgetMs: 60_000 }))
      .then((report) => report.sent > 0 && opts.log({ level: 'info', message: 'digest', ...report }))
      .catch((err) => opts.log({ level: 'error', message: 'digest failed', error: String(err) }));
  };
  const first = setTimeout(tick, 0);
  const timer = setInterval(tick, Number(opts.env.DIGEST_INTERVAL_MS ?? 3_600_000));
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
