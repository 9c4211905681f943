import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { TIERS } from './tests/support/tiers.js';

/**
 * Three projects (tests/support/tiers.ts says which file is in which): `unit` needs no database,
 * `integration` runs on one DynamoDB Local started for the run (every test file gets its own table),
 * `browser` on it too, with the site built once and one Chromium for all its files.
 * `npm test` runs unit and integration with TEST_QUICK=1 (tests/support/scale.ts); `npm run test:all` everything.
 * Unit and integration files run one per core, and at least two at once: the integration files mostly wait on
 * DynamoDB Local: at quick counts on the busy 2-core machine, two at once took 5.5 min, one at a time 9 (README).
 * Browser files keep vitest's default (one fewer than the cores): their pages' timings are the touchiest.
 */
const cores = availableParallelism();
const tier = (name: keyof typeof TIERS, globalSetup: string[], maxWorkers: number) => ({
  extends: true as const,
  test: { name, include: TIERS[name].include, exclude: [...configDefaults.exclude, ...TIERS[name].exclude], globalSetup, maxWorkers },
});

export default defineConfig({
  test: {
    // Looser DynamoDB time bounds (functions/storage/bounds.ts): every file shares one DynamoDB Local.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', DYNAMODB_ATTEMPT_MS: '10000', DYNAMODB_BUDGET_MS: '25000' },
    maxWorkers: Math.max(2, cores),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A condition waited on gets a generous bound (vitest's own default is 1 s): on a busy machine a page or a
    // queue can take seconds to show what it will show; a test that is right waits, one that is wrong still fails.
    expect: { poll: { timeout: 20_000 } },
    reporters: ['default'],
    projects: [
      tier('unit', [], Math.max(2, cores)),
      tier('integration', ['tests/support/global-setup.ts'], Math.max(2, cores)),
      tier('browser', ['tests/support/global-setup.ts', 'tests/web/support/global-setup.ts'], Math.max(1, cores - 1)),
    ],
  },
});
