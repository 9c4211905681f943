/**
 * The live channel inside `npm start`: the same protocol as API Gateway's WebSocket API, on the same port
 * (LIVE_PATH), poked from its own in-process queue fed by the one local stream reader
 * (functions/local/stream-lane.ts; started alone, a reader of its own with checkpoints `live:<shard>`)
 * polling every LIVE_POLL_MS (default 100 ms), so a poke leaves well under a second after the write.
 *
 * Subscriptions are kept in memory (functions/live/memory.ts): a local connection is a socket of this
 * process, so they could not outlive it anyway. Like API Gateway, a connection idle for 10 minutes and
 * any connection after 2 hours is closed (both shorter in tests), so the page's reconnecting is the
 * same code path here as there.
 *
 * No request may stop the process: an upgrade that is not ours (a bad path, an Origin that is not this
 * site or not a URL at all, a socket reset half-way) is refused or dropped. A connection past its limits
 * (functions/live/limits.ts) is closed with 1008, one address holds at most SOCKETS_PER_ADDRESS sockets
 * (429 past it), and stopping closes every socket with 1001 (going away).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { MemoryConnectionStore } from '../live/memory.js';
import { POLICY_CLOSE, SOCKETS_PER_ADDRESS } from '../live/limits.js';
import { LIVE_PATH, MAX_MESSAGE_BYTES, type ServerMessage } from '../live/protocol.js';
import { onLiveChanges } from '../live/records.js';
import { LiveService } from '../live/service.js';
import type { MatchService } from '../matches/service.js';
import { consumeChanges, type LocalStream } from './stream-lane.js';

export const IDLE_CLOSE_MS = 10 * 60 * 1000;
export const MAX_CONNECTION_MS = 2 * 3600 * 1000;

export interface LocalLive {
  service: LiveService;
  /** Closes every open socket (as a server restart would); with `refuse`, new ones are refused until `accept()`. */
  closeAll(opts?: { refuse?: boolean }): void;
  accept(): void;
  /** Open sockets now. */
  connections(): number;
  stop(): Promise<void>;
}

interface Conn {
  socket: WebSocket;
  /** Cancels the pending idle close. */
  idle: () => void;
  max: ReturnType<typeof setTimeout>;
}

/** Calls `fire` after `ms` unless the returned cancel is called first. */
export type IdleTimer = (fire: () => void, ms: number) => () => void;

const realTimer: IdleTimer = (fire, ms) => {
  const timer = setTimeout(fire, ms);
  return () => clearTimeout(timer);
};

/** Whether an upgrade's Origin is this server's own; anything that is not a URL (`null`, `http://[x`) is not. */
export function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  return new URL(origin).host === host;
}

const refuse = (socket: Duplex, status: string) => {
  if (!socket.writable) return void socket.destroy();
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  // A client that never closes its side does not keep the socket.
  setTimeout(() => socket.destroy(), 5_000).unref();
};

/** A proper close (1001, going away) to every socket; those that do not answer within `graceMs` are cut. */
async function goAway(open: WebSocket[], graceMs: number): Promise<void> {
  const closed = Promise.all(open.map((ws) => new Promise((r) => (ws.readyState === WebSocket.CLOSED ? r(null) : ws.once('close', r)))));
  for (const ws of open) ws.close(1001, 'the server is stopping');
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([closed, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
  clearTimeout(timer);
  for (const ws of open) if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
}

export function startLocalLive(opts: {
  env: Record<string, string | undefined>;
  tableName: string;
  server: Server;
  matches: Pick<MatchService, 'head' | 'authenticate'>;
  idleMs?: number;
  maxMs?: number;
  /** Open sockets one address may hold (SOCKETS_PER_ADDRESS). */
  perAddress?: number;
  /** Schedules an idle close and returns its cancel: setTimeout here; a test passes a clock it moves itself. */
  idleTimer?: IdleTimer;
  /** The shared local stream (scripts/start.ts); without it, a reader of its own. */
  stream?: LocalStream;
  log?: (entry: Record<string, unknown>) => void;
}): LocalLive {
  const { env } = opts;
  const log = opts.log ?? ((e: Record<string, unknown>) => e.level !== 'info' && console.log(JSON.stringify(e)));
  const conns = new Map<string, Conn>();
  const byAddress = new Map<string, number>();
  let refusing = false;
  const service = new LiveService({
    matches: opts.matches,
    connections: new MemoryConnectionStore(),
    sender: {
      async send(id: string, message: ServerMessage) {
        const c = conns.get(id);
        if (!c || c.socket.readyState !== WebSocket.OPEN) return 'gone';
        c.socket.send(JSON.stringify(message));
        return 'sent';
      },
      async close(id: string, reason: string) {
        const ws = conns.get(id)?.socket;
        if (!ws) return;
        // The close frame goes out, nothing more is read (the rest of a flood waits in the kernel), and
        // the socket is cut a second later whether or not the client answers the close.
        ws.close(POLICY_CLOSE, reason);
        ws.pause();
        setTimeout(() => ws.terminate(), 1000).unref();
      },
    },
    log,
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES * 4 });
  const idleMs = opts.idleMs ?? IDLE_CLOSE_MS;
  const idleTimer = opts.idleTimer ?? realTimer;
  const perAddress = opts.perAddress ?? SOCKETS_PER_ADDRESS;
  const opened = (ws: WebSocket, address: string) => {
    const id = randomUUID();
    byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
    const close = () => ws.close(1001, 'closed by the server');
    const conn: Conn = { socket: ws, idle: idleTimer(close, idleMs), max: setTimeout(close, opts.maxMs ?? MAX_CONNECTION_MS) };
    conns.set(id, conn);
    // One message at a time per connection: a flood waits its turn instead of reading the table side by side.
    let turn = Promise.resolve();
    const failed = (err: unknown) => log({ level: 'error', message: 'live message failed', error: String(err) });
    ws.on('message', (data) => {
      // Frames already on their way when the socket was closed for its limits are not read.
      if (ws.readyState !== WebSocket.OPEN) return;
      if (!service.admit(id)) return void service.closeForPolicy(id, 'too many messages').catch(failed);
      conn.idle();
      conn.idle = idleTimer(close, idleMs);
      turn = turn.then(() => (ws.readyState === WebSocket.OPEN ? service.handle(id, data.toString()) : undefined)).then(() => {}, failed);
    });
    ws.on('close', () => {
      conn.idle();
      clearTimeout(conn.max);
      conns.delete(id);
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
      void service.disconnect(id);
    });
    ws.on('error', () => ws.terminate());
  };
  // No request of any shape may throw here: an exception in an upgrade listener ends the process.
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node has taken its own error listener off an upgraded socket: a reset now would be an uncaught error.
    socket.on('error', () => socket.destroy());
    try {
      if ((req.url ?? '').split('?')[0] !== LIVE_PATH) return void socket.destroy();
      // Another site's page may not open a socket here (the browser always sends Origin on a WebSocket).
      if (refusing || !sameOrigin(req.headers.origin, req.headers.host)) return refuse(socket, '403 Forbidden');
      const address = req.socket.remoteAddress ?? '?';
      if ((byAddress.get(address) ?? 0) >= perAddress) return refuse(socket, '429 Too Many Requests');
      wss.handleUpgrade(req, socket, head, (ws) => opened(ws, address));
    } catch (err) {
      log({ level: 'error', message: 'live upgrade refused', error: String(err) });
      socket.destroy();
    }
  };
  opts.server.on('upgrade', onUpgrade);

  const pollMs = Number(env.LIVE_POLL_MS ?? 100);
  const lane = consumeChanges({ ...opts, consumer: 'live', handle: onLiveChanges(service, log), log, pollMs });
  const closeAll = () => {
    for (const c of conns.values()) c.socket.terminate();
  };
  return {
    service,
    closeAll(o = {}) {
      refusing = !!o.refuse;
      closeAll();
    },
    accept() {
      refusing = false;
    },
    connections: () => conns.size,
    async stop() {
      opts.server.off('upgrade', onUpgrade);
      await goAway(
        [...conns.values()].map((c) => c.socket),
        2_000,
      );
      wss.close();
      await lane.stop();
    },
  };
}
