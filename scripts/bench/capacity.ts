/**
 * The capacity model and the cost per 1 M DAU-month (infra/capacity.ts), printed: every key pattern's busiest
 * partition at the 10 M DAU peak against half of DynamoDB's per-partition limits, every Lambda's concurrency and
 * every API Gateway rate next to the quota it needs, the quotas an operator must raise, and the cost of a month
 * by activity and by service for the auction mix and the all-Golden-Age mix. Then a Golden Age match measured
 * as the infra bench measures the auction (scripts/bench/infra.ts `measureMatches`), and its cost with those
 * sizes; `--no-measure` skips that part (about two minutes).
 */
import type { MatchProfile } from '../../infra/cost.js';
import {
  ASSUMED,
  AUCTION_MIX,
  BOARD_CHANGES_PER_MOVE,
  CUTS,
  DEFAULT_DAU,
  FROM_CODE,
  goldenAgeMix,
  HEADROOM,
  LIMITS,
  MIXES,
  type Mix,
  MONTHLY_GOAL_USD,
  monthlyCost,
  partitionRows,
  partitionShare,
  quotaLines,
  quotaRows,
  returnVisitRru,
  sqsRequestsPerMessage,
  TARGET_DAU,
  withCuts,
} from '../../infra/capacity.js';
import { STACK_LIMITS } from '../../infra/capacity-limits.js';
import { gameRegistry } from '../../shared/games/index.js';
import { measureMatches } from './infra.js';

const n = (x: number, digits = 0) => x.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const usd = (x: number) => `$${n(x)}`;

function partitions(mix: Mix, report: (line: string) => void) {
  report(
    `capacity: busiest partition of each key pattern at ${n(TARGET_DAU / 1e6)} M DAU, peak hour (${mix.name} items); ` +
      `limit ${HEADROOM * 100} % of ${n(LIMITS.partitionWrite.value)} WCU/s and ${n(LIMITS.partitionRead.value)} RCU/s (${LIMITS.partitionWrite.page})`,
  );
  for (const r of partitionRows(mix)) {
    const share = partitionShare(r);
    report(
      `  ${share <= HEADROOM ? 'ok  ' : 'HOT '} ${r.key.padEnd(52)} ${n(r.wcu, 1).padStart(9)} WCU/s ${n(r.rcu, 1).padStart(9)} RCU/s  ${(share * 100).toFixed(1).padStart(6)} %  ${r.what}`,
    );
  }
}

function quotas(mix: Mix, report: (line: string) => void) {
  report(
    `capacity: Lambda, API Gateway, DynamoDB and SES at the peak hour (${mix.name} items): need at 1 M and 10 M DAU, the stack's cap, AWS's default quota`,
  );
  for (const r of quotaRows(mix, STACK_LIMITS)) {
    const capped = r.stackCap !== null && r.at1M > r.stackCap ? ' (the stack caps it below the 1 M DAU peak)' : '';
    report(
      `  ${r.what.padEnd(40)} ${n(r.at1M, 1).padStart(10)} / ${n(r.at10M, 1).padStart(10)} ${r.unit.padEnd(10)} stack cap ${String(r.stackCap ?? '-').padStart(5)}, ` +
        `quota ${n(r.quota).padStart(6)}${r.at10M > r.quota ? ' RAISE' : ''}${capped}`,
    );
  }
  report(`capacity: quotas to raise for ${n(TARGET_DAU / 1e6)} M DAU (the need × 1.25, rounded up):`);
  for (const line of quotaLines(mix, STACK_LIMITS)) report(`  ${line}`);
}

function cost(mix: Mix, report: (line: string) => void) {
  const c = monthlyCost(mix);
  const activities = Object.entries(c.byActivity)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${usd(v)}`)
    .join(', ');
  const services = Object.entries(c.byService)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${usd(v)}`)
    .join(', ');
  report(
    `  ${mix.name.padEnd(14)} ${usd(c.total).padStart(8)} per 1 M DAU-month (goal ≤ ${usd(MONTHLY_GOAL_USD)}: ${c.total <= MONTHLY_GOAL_USD ? 'met' : 'MISSED'}), ` +
      `mail beside it ${usd(c.mail)}; return visit ${returnVisitRru(mix)} RRU`,
  );
  report(`    by activity: ${activities}`);
  report(`    by service:  ${services}`);
}

/**
 * Seats whose waiting state a move changes (each is one waiting board written: functions/players/waiting.ts),
 * over `games` games of random legal moves through the engine (seeded, so the same each run).
 */
export function measureBoardChanges(gameId: string, seats: number, games = 10): { moves: number; changes: number } {
  const game = gameRegistry.get(gameId)!;
  let moves = 0;
  let changes = 0;
  for (let k = 0; k < games; k++) {
    const options = game.options.safeParse({});
    let state = game.setup(seats, options.success ? options.data : {}, `board-${k}`);
    let r = k * 7919 + 1;
    const pick = (n: number) => {
      r = (r * 1103515245 + 12345) % 2147483648;
      return r % n;
    };
    for (let i = 0; i < 5000 && !game.result(state); i++) {
      const before = new Set(game.toAct(state));
      const seat = [...before][pick(before.size)]!;
      const legal = game.legalMoves(state, seat);
      if (legal.length === 0) break;
      const applied = game.apply(state, seat, legal[pick(legal.length)], { now: 0 });
      if (!applied.ok) continue;
      state = applied.value.state;
      const after = new Set(game.result(state) ? [] : game.toAct(state));
      for (let s = 0; s < seats; s++) if (before.has(s) !== after.has(s)) changes++;
      moves++;
    }
  }
  return { moves, changes };
}

export async function bench(report: (line: string) => void): Promise<void> {
  for (const [name, gameId, seats, model] of [
    ['auction', 'dutch-auction', 2, BOARD_CHANGES_PER_MOVE.auction],
    ['Golden Age', 'golden-age', 4, BOARD_CHANGES_PER_MOVE.goldenAge],
  ] as const) {
    const m = measureBoardChanges(gameId, seats);
    report(
      `capacity: waiting boards changed per move, ${name}: ${n(m.changes)} in ${n(m.moves)} moves = ${n(m.changes / m.moves, 2)} (the model: ${model})`,
    );
  }
  partitions(MIXES[1], report);
  quotas(MIXES[1], report);
  report(
    `capacity: cost per 1 M DAU for 30 days at list prices (infra/cost.ts PRICES), the same traffic model, ${n(DEFAULT_DAU / 1e6)} M DAU`,
  );
  for (const mix of MIXES) cost(mix, report);
  report(
    `capacity: read from the code ${JSON.stringify(FROM_CODE)}; SQS ${n(sqsRequestsPerMessage, 2)} requests a message (send, receive, delete in batches of ${ASSUMED.sqsMessagesPerCall})`,
  );
  report(`capacity: design changes not built, priced one after another (each on top of those before), per 1 M DAU-month, mail apart`);
  for (const mix of MIXES) {
    let m = mix;
    const steps = [`${mix.name}: today ${usd(monthlyCost(m).total)}`];
    for (const c of CUTS) {
      const before = monthlyCost(m).total;
      m = withCuts(m, c.cuts);
      const after = monthlyCost(m).total;
      steps.push(`${c.name} −${usd(before - after)} → ${usd(after)}`);
    }
    report(`  ${steps.join('; ')}`);
  }
  if (process.argv.includes('--no-measure')) return;
  // Both mixes measured here as the infra bench measures the auction (DynamoDB Local, answers as a browser gets them).
  const measure = async (name: string, minMoves: number, game: string, seats: number, mixOf: (p: MatchProfile, log: number) => Mix) => {
    const started = performance.now();
    const m = await measureMatches(minMoves, game, seats);
    const moves = m.moves / m.games;
    report(
      `capacity: ${name} measured here (${m.games} game(s) of random legal moves, ${m.moves} moves, ${((performance.now() - started) / 1000).toFixed(0)} s): ` +
        `match item ${n(m.stored.matchItem)} B, log record ${n(m.logRecord.stored)} B, first read's log page ${n(m.stored.logPageBytes / 1000, 1)} kB, ` +
        `${n(m.stored.moveWru, 1)} WRU per move (${n(m.stored.moveDueWru ?? 0, 2)} on the due index), answers ${n(m.stored.readBytesOut / 1000, 1)} kB read / ${n(m.stored.moveBytesOut / 1000, 1)} kB move, ` +
        `${n(m.stored.intentsPerMove, 2)} outbox rows per move`,
    );
    cost(mixOf({ ...m.stored, moves }, m.logRecord.stored), report);
  };
  await measure('the Dutch auction', 100, 'dutch-auction', 2, (p, log) => ({
    ...AUCTION_MIX,
    profile: { ...p, moves: AUCTION_MIX.profile.moves },
    logRecordBytes: log,
  }));
  await measure('a Golden Age match', 1, 'golden-age', 4, (p, log) => goldenAgeMix(p, log));
}
