/**
 * The computer players inside `npm start`: a second reader of DynamoDB Local's stream (its own
 * checkpoints, `bots:<shard>`) hands each match with a computer seat to the same runner the Lambda
 * runs (functions/bots/). It polls every DISPATCH_POLL_MS (default 1 s), so a computer's move lands
 * within a second or two of its turn coming up.
 */
import { botPlayers } from '#shared/games/bots.js';
import type { AnyGame } from '#shared/engine/game.js';
import { botMatchOf, onBotChanges } from '../bots/records.js';
import { BotRunner, type BotPlayers } from '../bots/runner.js';
import type { MatchStore } from '../matches/port.js';
import { MatchService } from '../matches/service.js';
import { startStreamLane } from './stream-lane.js';

export interface LocalBots {
  stop(): Promise<void>;
}

export function startLocalBots(opts: {
  env: Record<string, string | undefined>;
  tableName: string;
  matches: MatchStore;
  games: ReadonlyMap<string, AnyGame>;
  players?: BotPlayers;
  log?: (entry: Record<string, unknown>) => void;
}): LocalBots {
  const { env } = opts;
  const log = opts.log ?? ((e: Record<string, unknown>) => (e.level !== 'info' || env.BOTS_LOG === '1') && console.log(JSON.stringify(e)));
  const service = new MatchService({ store: opts.matches, games: opts.games, clock: Date.now });
  const runner = new BotRunner({ service, store: opts.matches, players: opts.players ?? botPlayers, log });
  return startStreamLane({
    env,
    tableName: opts.tableName,
    lane: 'bots',
    handle: onBotChanges(runner, log),
    checkpointAfter: (c) => botMatchOf(c) !== null,
    log,
    pollMs: Number(env.DISPATCH_POLL_MS ?? 1000),
  });
}
