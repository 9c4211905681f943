/**
 * The order in which test files start. The three projects share one pool of workers (vitest.config.ts), and
 * files start longest first, so that the run does not end with one worker still busy on a long file that
 * started last while the others have nothing left. A file's length is vitest's own record of its last run on
 * this machine where there is one (a rerun), else the figure below, else 0 (it starts after all of these).
 * The figures are whole seconds from one CI run at full counts (2026-11-28, the 2-core machine), files of 3 s
 * and more; they only order the start, so a stale one costs a little time, never a result.
 * tests/platform/tiers.test.ts checks that each still names a test file.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const SECONDS: Record<string, number> = {
  'tests/web/dutch.e2e.test.ts': 38,
  'tests/web/live.e2e.test.ts': 35,
  'tests/web/computer-players.e2e.test.ts': 35,
  'tests/notify/dispatcher.test.ts': 32,
  'tests/platform/replay.test.ts': 31,
  'tests/platform/bots-redrive.test.ts': 30,
  'tests/games/golden-age/bots-games-4p.test.ts': 30,
  'tests/web/a11y.e2e.test.ts': 26,
  'tests/games/golden-age/bots-games-3p.test.ts': 26,
  'tests/platform/stores-dynamo.test.ts': 24,
  'tests/platform/replay-reads.test.ts': 23,
  'tests/web/shell.e2e.test.ts': 22,
  'tests/games/dutch-auction/bots.test.ts': 21,
  'tests/web/nl-dutch-auction.e2e.test.ts': 20,
  'tests/web/live-idle.e2e.test.ts': 19,
  'tests/platform/durability.test.ts': 19,
  'tests/web/dutch-memory.e2e.test.ts': 18,
  'tests/platform/concurrency.test.ts': 18,
  'tests/games/dutch-memory/bots.test.ts': 17,
  'tests/platform/db-timeout.test.ts': 16,
  'tests/players/digest.test.ts': 15,
  'tests/web/nl-dutch-memory.e2e.test.ts': 14,
  'tests/web/nl-golden-age.e2e.test.ts': 13,
  'tests/web/golden-age.e2e.test.ts': 13,
  'tests/platform/structure.test.ts': 13,
  'tests/infra/stack.test.ts': 13,
  'tests/web/newcomer.e2e.test.ts': 12,
  'tests/notify/timing.test.ts': 12,
  'tests/web/signin.e2e.test.ts': 11,
  'tests/web/i18n-match.e2e.test.ts': 11,
  'tests/notify/independence.test.ts': 11,
  'tests/web/undo.e2e.test.ts': 10,
  'tests/web/notifications.e2e.test.ts': 10,
  'tests/players/signin.test.ts': 10,
  'tests/platform/start.test.ts': 10,
  'tests/web/replay.e2e.test.ts': 9,
  'tests/web/context.e2e.test.ts': 9,
  'tests/web/chat.e2e.test.ts': 8,
  'tests/players/seats.test.ts': 8,
  'tests/web/layout.e2e.test.ts': 7,
  'tests/games/dutch-auction/props-2018.test.ts': 7,
  'tests/games/golden-age/properties.test.ts': 6,
  'tests/web/seat-owner.e2e.test.ts': 5,
  'tests/web/i18n.e2e.test.ts': 5,
  'tests/platform/start-live.test.ts': 5,
  'tests/games/dutch-auction/props-current.test.ts': 5,
  'tests/web/seat-lang.e2e.test.ts': 4,
  'tests/web/golden-age-board.test.ts': 4,
  'tests/web/dutch-memory-phone.e2e.test.ts': 4,
  'tests/platform/live-limits.test.ts': 4,
  'tests/notify/i18n-mail.test.ts': 4,
  'tests/notify/confirm-limits.test.ts': 4,
  'tests/notify/chat-notify.test.ts': 4,
  'tests/games/golden-age/random-games-4p.test.ts': 4,
  'tests/games/golden-age/random-games-3p.test.ts': 4,
  'tests/games/dutch-memory/properties.test.ts': 4,
  'tests/platform/bots.test.ts': 3,
  'tests/notify/deadline.test.ts': 3,
  'tests/games/golden-age/bots.test.ts': 3,
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => {
      const file = relative(root, spec.moduleId).split('\\').join('/');
      const last = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      return last ? last.duration / 1000 : (SECONDS[file] ?? 0);
    };
    const known = new Map(files.map((f) => [f, seconds(f)]));
    // Array.prototype.sort is stable: files of equal length keep vitest's order.
    return [...files].sort((a, b) => known.get(b)! - known.get(a)!);
  }
}
