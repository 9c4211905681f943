import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirst } from './tests/support/sequencer.js';
import { TIERS } from './tests/support/tiers.js';

/**
 * Three projects (tests/support/tiers.ts says which file is in which): `unit` needs no database,
 * `integration` runs on one DynamoDB Local started for the run (every test file gets its own table),
 * `browser` on it too, with the site built once and one Chromium for all its files.
 * `npm test` runs unit and integration with TEST_QUICK=1 (tests/support/scale.ts); `npm run test:all` everything.
 * The three projects share one pool of workers, one per core and at least two, and their files start longest
 * first (tests/support/sequencer.ts): most integration and browser files wait on DynamoDB Local, a page or a
 * timer, so they run beside the unit files that keep a core busy. (With its own worker count a project runs on
 * its own after the others: the browser files, one at a time, were half of the full run, 6 of 11.5 min.)
 */
const cores = availableParallelism();
const workers = Math.max(2, cores);
const tier = (name: keyof typeof TIERS, globalSetup: string[]) => ({
  extends: true as const,
  test: { name, include: TIERS[name].include, exclude: [...configDefaults.exclude, ...TIERS[name].exclude], globalSetup },
});

export default defineConfig({
  test: {
    // Looser DynamoDB time bounds (functions/storage/bounds.ts): every file shares one DynamoDB Local.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', DYNAMODB_ATTEMPT_MS: '10000', DYNAMODB_BUDGET_MS: '25000' },
    maxWorkers: workers,
    sequence: { sequencer: LongestFirst },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A condition waited on gets a generous bound (vitest's own default is 1 s): on a busy machine a page or a
    // queue can take seconds to show what it will show; a test that is right waits, one that is wrong still fails.
    expect: { poll: { timeout: 20_000 } },
    reporters: ['default'],
    projects: [
      tier('unit', []),
      tier('integration', ['tests/support/global-setup.ts']),
      tier('browser', ['tests/support/global-setup.ts', 'tests/web/support/global-setup.ts']),
    ],
  },
});
