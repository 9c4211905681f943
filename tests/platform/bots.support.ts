/**
 * Computer players on the platform: the real app and the real bots (shared/games/bots.ts) on the in-memory
 * stores (`botHarness`, unit tier; ./bots-dynamo.support.ts puts the same on a fresh DynamoDB Local table),
 * one injected clock, the runner driven as the stream would drive it, and a reaction sleep that records its
 * waits instead of waiting.
 */
import { expect } from 'vitest';
import { botPlayers } from '#shared/games/bots.js';
import { gameRegistry } from '#shared/games/index.js';
import { createApp } from '../../functions/app.js';
import { BotRunner, type BotPlayers } from '../../functions/bots/runner.js';
import type { MatchStore, NotificationIntent } from '../../functions/matches/port.js';
import { MatchService } from '../../functions/matches/service.js';
import { Sweep } from '../../functions/notify/reminders.js';
import type { NotifyStore } from '../../functions/notify/port.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { MemoryNotifyStore } from '../../functions/storage/memory/notify.js';
import { MemoryTable } from '../../functions/storage/memory/table.js';
import { intentsOfLogItem } from '../../functions/storage/notify-dynamo.js';
import { client, type Json, type Seat } from '../support/app.js';
import { testRng } from '../support/rng.js';

export const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

export type BotHarnessOptions = {
  players?: BotPlayers;
  timer?: () => number;
  seed?: number;
  limits?: { moves?: number; budgetMs?: number };
};

/** Where a harness keeps its matches: the stores, and every item of a match's partition (for its intents). */
export interface BotTable {
  store: MatchStore;
  notify: NotifyStore;
  items: (matchId: string) => Promise<Record<string, unknown>[]>;
}

/** The harness on the in-memory stores. */
export async function botHarness(opts: BotHarnessOptions = {}) {
  const memory = new MemoryTable();
  return botHarnessOn(
    {
      store: new MemoryMatchStore(memory),
      notify: new MemoryNotifyStore(memory),
      items: async (matchId) => memory.prefixed(`M#${matchId}`, ''),
    },
    opts,
  );
}

export async function botHarnessOn<T extends BotTable>(table: T, opts: BotHarnessOptions = {}) {
  const clock = { now: T0 };
  const now = () => clock.now;
  const notifyStore = table.notify;
  const app = createApp({
    store: table.store,
    games: gameRegistry,
    clock: now,
    publicUrl: 'http://dutch.test',
    notifications: { store: notifyStore, clock: now },
  });
  const api = client(app);
  const service = new MatchService({ store: table.store, games: gameRegistry, clock: now });
  const waits: number[] = [];
  const warnings: Record<string, unknown>[] = [];
  /** What the runner told the metrics port: each count and time, in order. */
  const measured: { name: string; value: number }[] = [];
  /** Runs while the runner "waits" a reaction's moment (the human may act in it). */
  const during = { sleep: null as null | (() => Promise<void>) };
  const runner = new BotRunner({
    service,
    store: table.store,
    players: opts.players ?? botPlayers,
    clock: now,
    sleep: async (ms) => {
      waits.push(ms);
      await during.sleep?.();
    },
    ...(opts.timer ? { timer: opts.timer } : {}),
    ...(opts.limits ? { limits: opts.limits } : {}),
    log: (e) => {
      if (e.level === 'warn') warnings.push(e);
    },
    metrics: {
      count: (name, value = 1) => measured.push({ name, value }),
      time: (name, value) => measured.push({ name, value }),
    },
  });
  const sweep = new Sweep({ store: notifyStore, matches: table.store, service, clock: now, log: () => undefined });
  const rng = testRng(opts.seed ?? 15);

  const create = async (body: Json) => {
    const r = await api.call('POST', '/api/matches', { body: { name: 'Ann', options: {}, ...body } });
    expect(r.status, r.text).toBe(201);
    return r.json as { matchId: string; token: string; invites: { seat: number; url: string }[] };
  };

  /** One move of the human seat, picked from the legal moves the server's answer lists (no snaps). */
  const humanMove = async (matchId: string, me: Seat): Promise<'moved' | 'waiting' | 'over'> => {
    const read = await api.read(matchId, me);
    expect(read.status, read.text).toBe(200);
    if (read.json.status === 'over') return 'over';
    const legal = (read.json.legalMoves as Json[]).filter((m) => m.kind !== 'snap');
    if (!read.json.toAct.includes(me.seat) || legal.length === 0) return 'waiting';
    const moved = await api.move(matchId, me, read.json.version, legal[Math.floor(rng() * legal.length)]);
    expect(moved.status, moved.text).toBe(200);
    return 'moved';
  };

  /**
   * Plays on as the stream would: the runner after every change, the human whenever it is their turn.
   * Fails if the match ever waits for nobody (the bots idle and the human not to act).
   */
  const playOut = async (matchId: string, me: Seat, maxHumanMoves: number) => {
    let humanMoves = 0;
    while (humanMoves < maxHumanMoves) {
      await runner.handle(matchId);
      const step = await humanMove(matchId, me);
      if (step === 'over') return { over: true, humanMoves };
      if (step === 'waiting') {
        const read = await api.read(matchId, me);
        if (read.json.status === 'over') return { over: true, humanMoves };
        throw new Error(`stuck: toAct ${JSON.stringify(read.json.toAct)} at version ${read.json.version}`);
      }
      humanMoves++;
    }
    return { over: false, humanMoves };
  };

  /** Every log record of the match (the full log, newest pages fetched one after the other). */
  const fullLog = async (matchId: string, me: Seat) => {
    const first = await api.read(matchId, me);
    const all: Json[] = [...first.json.log];
    for (;;) {
      const before = all.at(-1)?.version as number | undefined;
      if (before === undefined || before <= 1) break;
      const page = await api.call('GET', `/api/matches/${matchId}/seats/${me.seat}/log?before=${before}`, { token: me.token });
      if (page.json.log.length === 0) break;
      all.push(...page.json.log);
    }
    return all;
  };

  /** Every notification intent written for the match: in log items and outbox rows alike. */
  const intents = async (matchId: string): Promise<NotificationIntent[]> => {
    const out: NotificationIntent[] = [];
    for (const item of await table.items(matchId)) {
      if (item.type === 'log') out.push(...(intentsOfLogItem(item) ?? []));
      if (item.type === 'intent') out.push(item as unknown as NotificationIntent);
    }
    return out;
  };

  return {
    table,
    clock,
    api,
    service,
    runner,
    sweep,
    waits,
    warnings,
    measured,
    during,
    create,
    humanMove,
    playOut,
    fullLog,
    intents,
    rng,
  };
}
