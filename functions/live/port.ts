/**
 * The live channel's ports: where subscriptions are kept (in memory under `npm start`, the table on AWS:
 * functions/storage/live-dynamo.ts) and how a message reaches a connection (the open socket locally,
 * API Gateway's PostToConnection on AWS).
 */
import type { ServerMessage } from './protocol.js';

/** A subscription lives this long unless renewed (a page renews it with every keep-alive subscribe). */
export const SUBSCRIPTION_TTL_MS = 30 * 60 * 1000;
/** API Gateway closes any connection after 2 hours: a connection's own record never outlives that by much. */
export const CONNECTION_TTL_MS = 2 * 3600 * 1000 + 10 * 60 * 1000;

export interface ConnectionStore {
  /**
   * Subscribes a connection to a match (again: renews it). 'full' (and nothing written) when the
   * connection already follows MAX_SUBSCRIPTIONS other matches.
   */
  subscribe(connectionId: string, matchId: string, now: number): Promise<'ok' | 'full'>;
  /** The connections following a match now (expired subscriptions left out). */
  subscribers(matchId: string, now: number): Promise<string[]>;
  /** Forgets a connection and all its subscriptions (it closed, or it is gone). */
  drop(connectionId: string): Promise<void>;
}

export interface LiveSender {
  /** 'gone' when the connection no longer exists (closed without telling): its records are then dropped. */
  send(connectionId: string, message: ServerMessage): Promise<'sent' | 'gone'>;
  /** Closes a connection past its limits (a 1008 close locally, DeleteConnection on AWS); one already gone is fine. */
  close(connectionId: string, reason: string): Promise<void>;
}
