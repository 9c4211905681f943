/**
 * The live channel inside `npm start`: the same protocol as API Gateway's WebSocket API, on the same port
 * (LIVE_PATH), poked from a third reader of DynamoDB Local's stream (own checkpoints, `live:<shard>`)
 * polling every LIVE_POLL_MS (default 100 ms), so a poke leaves well under a second after the write.
 *
 * Subscriptions are kept in memory (functions/live/memory.ts): a local connection is a socket of this
 * process, so they could not outlive it anyway. Like API Gateway, a connection idle for 10 minutes and
 * any connection after 2 hours is closed (both shorter in tests), so the page's reconnecting is the
 * same code path here as there.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { MemoryConnectionStore } from '../live/memory.js';
import { LIVE_PATH, MAX_MESSAGE_BYTES, type ServerMessage } from '../live/protocol.js';
import { onLiveRecords, pokeOf } from '../live/records.js';
import { LiveService } from '../live/service.js';
import type { MatchService } from '../matches/service.js';
import { startStreamLane } from './stream-lane.js';

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
  idle: ReturnType<typeof setTimeout>;
  max: ReturnType<typeof setTimeout>;
}

export function startLocalLive(opts: {
  env: Record<string, string | undefined>;
  tableName: string;
  server: Server;
  matches: Pick<MatchService, 'head' | 'authenticate'>;
  idleMs?: number;
  maxMs?: number;
  log?: (entry: Record<string, unknown>) => void;
}): LocalLive {
  const { env } = opts;
  const log = opts.log ?? ((e: Record<string, unknown>) => e.level !== 'info' && console.log(JSON.stringify(e)));
  const conns = new Map<string, Conn>();
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
    },
    log,
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES * 4 });
  const idleMs = opts.idleMs ?? IDLE_CLOSE_MS;
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== LIVE_PATH) return void socket.destroy();
    // Another site's page may not open a socket here (the browser always sends Origin on a WebSocket).
    const origin = req.headers.origin;
    if (refusing || (origin && new URL(origin).host !== req.headers.host)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const id = randomUUID();
      const close = () => ws.close(1001, 'closed by the server');
      const conn: Conn = { socket: ws, idle: setTimeout(close, idleMs), max: setTimeout(close, opts.maxMs ?? MAX_CONNECTION_MS) };
      conns.set(id, conn);
      ws.on('message', (data) => {
        clearTimeout(conn.idle);
        conn.idle = setTimeout(close, idleMs);
        void service.receive(id, data.toString());
      });
      ws.on('close', () => {
        clearTimeout(conn.idle);
        clearTimeout(conn.max);
        conns.delete(id);
        void service.disconnect(id);
      });
      ws.on('error', () => ws.terminate());
    });
  };
  opts.server.on('upgrade', onUpgrade);

  const lane = startStreamLane({
    env,
    tableName: opts.tableName,
    lane: 'live',
    handle: onLiveRecords(service, log),
    checkpointAfter: (r) => pokeOf(r) !== null,
    log,
    pollMs: Number(env.LIVE_POLL_MS ?? 100),
  });
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
      closeAll();
      wss.close();
      await lane.stop();
    },
  };
}
