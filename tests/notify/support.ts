/**
 * Real parts for the notification tests: an SMTP listener (smtp-server + mailparser), a push
 * service stand-in (HTTP on 127.0.0.1) with an RFC 8291 decrypter, and a harness that wires the
 * real app, dispatcher, stream reader and sweep on a fresh DynamoDB Local table with one clock.
 */
import { WaitingBoards } from '../../functions/players/waiting.js';
import { createECDH, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import type { AnyGame } from '#shared/engine/game.js';
import type { DynamoDBRecord } from 'aws-lambda';
import { createApp, type NotificationsDeps, type PlayersDeps } from '../../functions/app.js';
import { DynamoPlayerStore } from '../../functions/storage/players-dynamo.js';
import { DynamoProfileStore } from '../../functions/storage/profiles-dynamo.js';
import { MatchService } from '../../functions/matches/service.js';
import { Dispatcher, type DispatcherDeps } from '../../functions/notify/dispatcher.js';
import { type EmailSender, SmtpEmailSender } from '../../functions/notify/email.js';
import { WebPushSender } from '../../functions/notify/push.js';
import { DynamoNotifyStore } from '../../functions/storage/notify-dynamo.js';
import { batchOf } from '../../functions/storage/stream-records.js';
import { StreamReader } from '../../functions/storage/stream.js';
import { Sweep } from '../../functions/notify/reminders.js';
import type { VapidKeys } from '../../functions/notify/vapid.js';
import webpush from 'web-push';
import { client, type Json } from '../support/api.js';
import { freshTable } from '../support/dynamo.js';
import { secretSums } from '../support/test-game.js';
import { DynamoRatingStore } from '../../functions/storage/ratings-dynamo.js';

export const PUBLIC_URL = 'http://dutch.test';

// ------------------------------------------------------------------ SMTP listener

export interface SmtpListener {
  url: string;
  messages: ParsedMail[];
  /** Every RCPT TO the server saw, accepted or not. */
  recipients: string[];
  /** Addresses refused at RCPT TO with a permanent 550. */
  refuse: Set<string>;
  /**
   * Mail to these addresses is read in full but never answered after DATA: the sender waits for the
   * server's reply that never comes. Such a mail is in `held`, not in `messages` (never completed).
   */
  hold: Set<string>;
  held: ParsedMail[];
  /** Resolves when the next mail is held. */
  nextHeld(): Promise<ParsedMail>;
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

export async function smtpListener(): Promise<SmtpListener> {
  const messages: ParsedMail[] = [];
  const recipients: string[] = [];
  const refuse = new Set<string>();
  const hold = new Set<string>();
  const held: ParsedMail[] = [];
  let heldWaiters: ((m: ParsedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      recipients.push(address.address);
      if (refuse.has(address.address)) {
        const err = new Error('No such mailbox here') as Error & { responseCode: number };
        err.responseCode = 550;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const holding = session.envelope.rcptTo.some((r) => hold.has(r.address));
      simpleParser(stream).then(
        (m) => {
          if (holding) {
            held.push(m);
            const waiters = heldWaiters;
            heldWaiters = [];
            for (const w of waiters) w(m);
            return; // no reply: the client is left waiting in the DATA phase
          }
          messages.push(m);
          cb();
        },
        (err: Error) => cb(err),
      );
    },
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()));
  const { port } = (server as unknown as { server: Server }).server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    recipients,
    refuse,
    hold,
    held,
    nextHeld: () => new Promise<ParsedMail>((res) => heldWaiters.push(res)),
    to: (address) => messages.filter((m) => addressesOf(m).includes(address)),
    close: () => new Promise<void>((res) => server.close(() => res())),
  };
}

export function addressesOf(m: ParsedMail): string[] {
  const to = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
  return to.flatMap((a) => a.value.map((v) => v.address ?? ''));
}

// ------------------------------------------------------------------ push service stand-in

export interface PushRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface PushStandIn {
  origin: string;
  requests: PushRequest[];
  /** Status codes to answer with, in order; 201 once they run out. */
  answers: { status: number; headers?: Record<string, string> }[];
  /** Paths the service never answers (a stuck push service): such requests go to `hung`. */
  hang: Set<string>;
  /** Requests left unanswered; `closed` once the sender gave up on one. */
  hung: { path: string; closed: boolean }[];
  close(): Promise<void>;
}

export async function pushStandIn(): Promise<PushStandIn> {
  const requests: PushRequest[] = [];
  const answers: PushStandIn['answers'] = [];
  const hang = new Set<string>();
  const hung: PushStandIn['hung'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (hang.has(req.url ?? '')) {
        const entry = { path: req.url ?? '', closed: false };
        hung.push(entry);
        res.on('close', () => (entry.closed = true));
        return;
      }
      requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const answer = answers.shift() ?? { status: 201 };
      res.writeHead(answer.status, answer.headers ?? {});
      res.end();
    });
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    answers,
    hang,
    hung,
    close: () =>
      new Promise<void>((res) => {
        server.close(() => res());
        server.closeAllConnections();
      }),
  };
}

/**
 * For a test file: a real SMTP listener, a mail sender to it and a push stand-in, opened before the
 * file's tests and closed after them. Read the fields inside tests (they are set by then).
 */
export function mailAndPush(): { smtp: SmtpListener; sender: SmtpEmailSender; push: PushStandIn } {
  const io = {} as { smtp: SmtpListener; sender: SmtpEmailSender; push: PushStandIn };
  beforeAll(async () => {
    io.smtp = await smtpListener();
    io.sender = new SmtpEmailSender(io.smtp.url);
    io.push = await pushStandIn();
  });
  afterAll(async () => {
    io.sender.close();
    await io.smtp.close();
    await io.push.close();
  });
  return io;
}

/** A browser's side of a push subscription: its key pair and auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: (endpoint: string) => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    }),
  };
}

/** RFC 8291 / RFC 8188 (aes128gcm) decryption, as the browser does it. Written from the RFCs. */
export function decryptPush(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
  const ecdhSecret = keys.ecdh.computeSecret(serverPublic);
  const prkKey = hmac(keys.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

// ------------------------------------------------------------------ the harness

export interface HarnessOptions {
  games?: AnyGame[];
  email?: EmailSender;
  push?: boolean | { attempts?: number };
  faults?: DispatcherDeps['faults'];
  start?: number;
  confirmationCaps?: NotificationsDeps['confirmationCaps'];
  /** Signed-in players (functions/players), with these sign-in caps when given. */
  players?: boolean | { signInCaps?: PlayersDeps['signInCaps'] };
}

export class Clock {
  constructor(public now: number) {}
  readonly fn = () => this.now;
  advance(ms: number) {
    this.now += ms;
  }
}

export async function harness(opts: HarnessOptions = {}) {
  const clock = new Clock(opts.start ?? Date.UTC(2026, 0, 5, 9, 0, 0));
  const table = await freshTable('n');
  const store = new DynamoNotifyStore(table.doc, table.tableName);
  const games = new Map((opts.games ?? [secretSums]).map((g) => [g.id, g]));
  const vapidKeys: VapidKeys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@dutch.test' };
  const sleeps: number[] = [];
  const push = opts.push
    ? new WebPushSender({
        vapid: async () => vapidKeys,
        sleep: async (ms) => void sleeps.push(ms),
        ...(typeof opts.push === 'object' && opts.push.attempts ? { attempts: opts.push.attempts } : {}),
      })
    : undefined;
  const notifications: NotificationsDeps = {
    store,
    ...(opts.email ? { email: opts.email } : {}),
    ...(push ? { vapidPublicKey: async () => vapidKeys.publicKey } : {}),
    publicUrl: PUBLIC_URL,
    clock: clock.fn,
    // The stand-in is plain HTTP on the loopback; production allows only the browsers' push services.
    allowPushEndpoint: (url) => url.hostname === '127.0.0.1',
    ...(opts.confirmationCaps ? { confirmationCaps: opts.confirmationCaps } : {}),
  };
  const playerStore = opts.players ? new DynamoPlayerStore(table.doc, table.tableName) : undefined;
  const players: PlayersDeps | undefined = playerStore && {
    store: playerStore,
    seatKey: randomBytes(32),
    profiles: new DynamoProfileStore(table.doc, table.tableName),
    ...(typeof opts.players === 'object' && opts.players.signInCaps ? { signInCaps: opts.players.signInCaps } : {}),
  };
  const app = createApp({
    store: table.store,
    games,
    clock: clock.fn,
    publicUrl: PUBLIC_URL,
    notifications,
    ...(players ? { players } : {}),
    ratings: new DynamoRatingStore(table.doc, table.tableName),
  });
  const api = client(app);
  const logs: Record<string, unknown>[] = [];
  const dispatcherDeps = {
    store,
    matches: table.store,
    games,
    publicUrl: PUBLIC_URL,
    clock: clock.fn,
    log: (e: Record<string, unknown>) => void logs.push(e),
    ...(opts.email ? { email: opts.email } : {}),
    ...(push ? { push } : {}),
  };
  const dispatcher = (faults?: DispatcherDeps['faults'], extra: Partial<DispatcherDeps> = {}) =>
    new Dispatcher({ ...dispatcherDeps, ...(faults ? { faults } : {}), ...extra });
  const streams = new DynamoDBStreamsClient({
    endpoint: table.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  /** A stream reader for a dispatcher: a fresh one stands for a restarted process. */
  const reader = (d: Pick<Dispatcher, 'handleBatch'> = dispatcher(opts.faults), wrap?: (records: DynamoDBRecord[]) => void) =>
    new StreamReader({
      db: table.raw,
      streams,
      tableName: table.tableName,
      checkpoints: store,
      clock: clock.fn,
      handle: (records) => {
        wrap?.(records);
        return d.handleBatch(batchOf(records));
      },
    });
  // The sweep's commits reach the signed-in players' waiting boards, as on AWS (functions/lambda/schedule.ts).
  const watch = playerStore && new WaitingBoards({ players: playerStore, matches: table.store, clock: clock.fn });
  const service = new MatchService({ store: table.store, games, clock: clock.fn, ...(watch ? { watch } : {}) });
  const sweep = new Sweep({ store, matches: table.store, service, clock: clock.fn, log: (e) => void logs.push(e) });
  const mainReader = reader();

  return {
    clock,
    table,
    store,
    playerStore,
    seatKey: players?.seatKey,
    app,
    api,
    logs,
    sleeps,
    vapidKeys,
    dispatcher,
    reader,
    sweep,
    /** Delivers everything in the outbox now, through the table's real stream. */
    deliver: () => mainReader.pollOnce(),
    async started(seats: number, body: Json = {}, names?: string[]) {
      const created = await api.call('POST', '/api/matches', {
        body: {
          game: body.game ?? 'secret-sums',
          seats,
          options: body.options ?? {},
          name: names?.[0] ?? 'Ann',
          ...(body.timing ? { timing: body.timing } : {}),
        },
      });
      if (created.status !== 201) throw new Error(`create failed ${created.status} ${created.text}`);
      const all = [{ seat: 0, token: created.json.token as string }];
      for (const inv of created.json.invites as { seat: number; url: string }[]) {
        const j = await api.join(created.json.matchId, inv.url, names?.[inv.seat] ?? `P${inv.seat}`);
        if (j.status !== 200) throw new Error(`join failed ${j.status} ${j.text}`);
        all.push({ seat: j.json.seat, token: j.json.token });
      }
      return { matchId: created.json.matchId as string, seats: all };
    },
    async version(matchId: string, s: { seat: number; token: string }) {
      return (await api.read(matchId, s)).json.version as number;
    },
    notifications(matchId: string, s: { seat: number; token: string }) {
      return api.call('GET', `/api/matches/${matchId}/seats/${s.seat}/notifications`, { token: s.token });
    },
    async close() {
      streams.destroy();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof harness>>;

/** Plays secret-sums until it is `seat`'s turn in the counting phase (everyone commits, then adds 1). */
export async function playUntilTurnOf(h: Harness, matchId: string, seats: { seat: number; token: string }[], seat: number) {
  for (let i = 0; i < 30; i++) {
    const m = await h.api.read(matchId, seats[0]!);
    if (m.json.view.phase === 'count' && m.json.toAct.includes(seat)) return m.json.version as number;
    const turn = m.json.toAct[0] as number;
    const move = m.json.view.phase === 'commit' ? { kind: 'commit', secret: 5 } : { kind: 'add', amount: 1 };
    const r = await h.api.move(matchId, seats[turn]!, m.json.version, move);
    if (r.status !== 200) throw new Error(`move failed ${r.status} ${r.text}`);
  }
  throw new Error(`never became the turn of seat ${seat}`);
}

/** Makes one "add 1" move for whoever is to act; returns the new version. */
export async function addOne(h: Harness, matchId: string, seats: { seat: number; token: string }[]) {
  const m = await h.api.read(matchId, seats[0]!);
  const turn = m.json.toAct[0] as number;
  const r = await h.api.move(matchId, seats[turn]!, m.json.version, { kind: 'add', amount: 1 });
  if (r.status !== 200) throw new Error(`add failed ${r.status} ${r.text}`);
  return r.json.version as number;
}

/** Gives a seat a confirmed email address: request, read the confirmation link, press the button. */
export async function confirmedEmail(
  h: Harness,
  matchId: string,
  s: { seat: number; token: string },
  address: string,
  inbox: () => string,
) {
  const put = await h.api.call('PUT', `/api/matches/${matchId}/seats/${s.seat}/notifications/email`, { token: s.token, body: { address } });
  if (put.status !== 202) throw new Error(`email failed ${put.status} ${put.text}`);
  const link = /(http:\/\/dutch\.test\/api\/notify\/confirm\?t=[A-Za-z0-9_-]{43})/.exec(inbox())?.[1];
  if (!link) throw new Error('no confirmation link');
  const path = link.replace(PUBLIC_URL, '');
  const posted = await h.app.request(path, { method: 'POST' });
  if (posted.status !== 200) throw new Error(`confirm failed ${posted.status}`);
  return link;
}
