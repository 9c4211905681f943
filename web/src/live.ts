/**
 * The live channel of a match page: one WebSocket, subscribed to the match shown. It only ever learns
 * "this match is now at version N" (functions/live/protocol.ts); on a version newer than the page shows,
 * the page does its normal conditional read. While subscribed the page polls only as a safety net
 * (poll/schedule.ts LIVE_SAFETY_MS); when the socket drops it polls as before and reconnects with a
 * jittered, capped backoff.
 *
 * The server (API Gateway, or npm start likewise) closes a connection idle for 10 minutes and any
 * connection after 2 hours. The keep-alive is the subscribe itself, renewed every KEEPALIVE_MS: it keeps
 * the socket and the subscription alive, and its answer carries the match's version, so it is a safety
 * net too. A close for age is one more reconnect. A hidden tab sends nothing: its socket is left to the
 * idle close and opened again when the tab is shown (it polls at once then anyway).
 */
import type { Credentials } from './types.js';

/** The socket's path on this site (the same as LIVE_PATH in functions/live/protocol.ts). */
export const LIVE_PATH = '/live';
/** Under the server's 10-minute idle close. With the safety net's 2 reads, an idle tab sends about 9 messages an hour. */
export const KEEPALIVE_MS = 9 * 60_000;
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_CAP_MS = 60_000;

/** Answers that mean this link will never subscribe: stop trying and leave it to polling. */
const FINAL = new Set(['forbidden', 'no-such-match', 'bad-message', 'too-large']);

export interface LiveDeps {
  matchId: string;
  creds: Credentials;
  /** The match's version as the server says it now (on subscribing, and on every change). */
  onVersion(version: number): void;
  /** Subscribed (true), or the socket dropped (false). */
  onConnected(connected: boolean): void;
  url?: string;
  visible?: () => boolean;
  random?: () => number;
}

export class LiveChannel {
  private socket: WebSocket | null = null;
  private connected = false;
  private stopped = true;
  private gaveUp = false;
  private failures = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private keepalive: ReturnType<typeof setInterval> | null = null;
  private readonly onVisibility = () => this.visibilityChanged();

  constructor(private readonly deps: LiveDeps) {}

  start(): void {
    if (typeof WebSocket === 'undefined') return;
    this.stopped = false;
    document.addEventListener('visibilitychange', this.onVisibility);
    if (this.visible()) this.connect();
  }

  stop(): void {
    this.stopped = true;
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.clearTimers();
    this.socket?.close(1000);
    this.socket = null;
    this.setConnected(false);
  }

  private visible() {
    return (this.deps.visible ?? (() => document.visibilityState === 'visible'))();
  }

  private visibilityChanged(): void {
    if (this.stopped || this.gaveUp || !this.visible() || this.socket) return;
    this.failures = 0;
    this.connect();
  }

  private url(): string {
    return this.deps.url ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_PATH}`;
  }

  private connect(): void {
    this.clearTimers();
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.gaveUp = true;
      return;
    }
    this.socket = ws;
    ws.onopen = () => {
      this.subscribe();
      // Renewed only while the tab is shown: a hidden tab lets the server close its idle socket.
      this.keepalive = setInterval(() => this.visible() && this.subscribe(), KEEPALIVE_MS);
    };
    ws.onmessage = (e) => this.received(e.data);
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.clearTimers();
      this.setConnected(false);
      if (!this.stopped && !this.gaveUp && this.visible()) this.reconnectLater();
    };
  }

  private subscribe(): void {
    const { matchId, creds } = this.deps;
    const msg =
      creds.kind === 'seat'
        ? { action: 'subscribe', matchId, seat: creds.seat, token: creds.token }
        : { action: 'subscribe', matchId, token: creds.secret };
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(msg));
  }

  private received(data: unknown): void {
    let msg: { type?: unknown; matchId?: unknown; version?: unknown; code?: unknown };
    try {
      msg = JSON.parse(String(data));
    } catch {
      return;
    }
    if ((msg.type === 'subscribed' || msg.type === 'version') && msg.matchId === this.deps.matchId && typeof msg.version === 'number') {
      if (msg.type === 'subscribed') {
        this.failures = 0;
        this.setConnected(true);
      }
      this.deps.onVersion(msg.version);
    } else if (msg.type === 'error') {
      // Refused for good: close and poll. Anything else (busy, full): close, and try again later.
      if (FINAL.has(String(msg.code))) this.gaveUp = true;
      this.socket?.close(1000);
    }
  }

  private reconnectLater(): void {
    const ceiling = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.min(this.failures, 10));
    this.failures++;
    // Half fixed, half random: pages dropped together by a restart do not all come back at once.
    const delay = ceiling / 2 + (this.deps.random ?? Math.random)() * (ceiling / 2);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped && this.visible() && !this.socket) this.connect();
    }, delay);
  }

  private setConnected(connected: boolean): void {
    if (this.connected === connected) return;
    this.connected = connected;
    this.deps.onConnected(connected);
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.keepalive) clearInterval(this.keepalive);
    this.reconnectTimer = null;
    this.keepalive = null;
  }
}
