/**
 * The computer players inside `npm start`: the same runner the Lambda runs (functions/bots/), taking its
 * changes from its own in-process queue, fed by the one local stream reader (functions/local/stream-lane.ts;
 * or, started alone, by a reader of its own with checkpoints `bots:<shard>`). A reaction's moment is a
 * delayed message on that queue, as on AWS. The reader polls every LIVE_POLL_MS (its own: DISPATCH_POLL_MS),
 * so a computer's move lands within a second or two of its turn coming up.
 */
import { botPlayers } from '#shared/games/bots.js';
import type { AnyGame } from '#shared/engine/game.js';
import { onBotChanges, reactionLater } from '../bots/records.js';
import { BotRunner, type BotPlayers } from '../bots/runner.js';
import type { CommitWatch, MatchStore } from '../matches/port.js';
import { MatchService } from '../matches/service.js';
import type { MemoryChangeQueue } from '../storage/memory/queue.js';
import { consumeChanges, type LocalStream } from './stream-lane.js';

export interface LocalBots {
  stop(): Promise<void>;
}

export function startLocalBots(opts: {
  env: Record<string, string | undefined>;
  tableName: string;
  matches: MatchStore;
  games: ReadonlyMap<string, AnyGame>;
  players?: BotPlayers;
  /** The shared local stream (scripts/start.ts); without it, a reader of its own. */
  stream?: LocalStream;
  /** Told of the computers' commits (the signed-in players' waiting boards, functions/players/waiting.ts). */
  watch?: CommitWatch;
  log?: (entry: Record<string, unknown>) => void;
}): LocalBots {
  const { env } = opts;
  const log = opts.log ?? ((e: Record<string, unknown>) => (e.level !== 'info' || env.BOTS_LOG === '1') && console.log(JSON.stringify(e)));
  const service = new MatchService({
    store: opts.matches,
    games: opts.games,
    clock: Date.now,
    ...(opts.watch ? { watch: opts.watch } : {}),
  });
  let queue: MemoryChangeQueue | undefined;
  const later = (matchId: string, seat: number, delaySeconds: number) => reactionLater(queue!)(matchId, seat, delaySeconds);
  const runner = new BotRunner({ service, store: opts.matches, players: opts.players ?? botPlayers, log, later });
  const lane = consumeChanges({
    ...(opts.stream ? { stream: opts.stream } : {}),
    consumer: 'bots',
    env,
    tableName: opts.tableName,
    handle: onBotChanges(runner, log),
    log,
    pollMs: Number(env.DISPATCH_POLL_MS ?? 1000),
  });
  queue = lane.queue;
  return lane;
}
