import { configDefaults, defineConfig } from 'vitest/config';
import { TIERS } from './tests/support/tiers.js';

/**
 * Three projects (tests/support/tiers.ts says which file is in which): `unit` needs no database,
 * `integration` runs on one DynamoDB Local started for the run (every test file gets its own table),
 * `browser` on it too, with the site built once and one Chromium for all its files.
 * `npm test` runs unit and integration with TEST_QUICK=1 (tests/support/scale.ts); `npm run test:all` everything.
 */
const tier = (name: keyof typeof TIERS, globalSetup: string[]) => ({
  extends: true as const,
  test: { name, include: TIERS[name].include, exclude: [...configDefaults.exclude, ...TIERS[name].exclude], globalSetup },
});

export default defineConfig({
  test: {
    // Looser DynamoDB time bounds (functions/storage/bounds.ts): every file shares one DynamoDB Local.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', DYNAMODB_ATTEMPT_MS: '10000', DYNAMODB_BUDGET_MS: '25000' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    projects: [
      tier('unit', []),
      tier('integration', ['tests/support/global-setup.ts']),
      tier('browser', ['tests/support/global-setup.ts', 'tests/web/support/global-setup.ts']),
    ],
  },
});
