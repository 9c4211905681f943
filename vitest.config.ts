import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // DynamoDB Local starts once per run; every test file gets its own table.
    globalSetup: ['tests/support/global-setup.ts'],
    // Looser DynamoDB time bounds (functions/storage/bounds.ts): every file shares one DynamoDB Local.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', DYNAMODB_ATTEMPT_MS: '10000', DYNAMODB_BUDGET_MS: '25000' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
