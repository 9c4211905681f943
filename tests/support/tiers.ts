/**
 * Which test files run in which vitest project (vitest.config.ts), kept in one place so that
 * tests/platform/tiers.test.ts can check that every test file is in exactly one of them.
 * - unit: engines, games, i18n, pages without a browser, the infra templates. No database.
 * - integration: DynamoDB Local (one for the run, tests/support/global-setup.ts), SMTP, `npm start`.
 * - browser: the built site in headless Chromium (tests/web/support/e2e.ts), on DynamoDB Local too.
 * A file that needs the database but sits in a unit folder fails at once there (no `dynamoEndpoint`
 * is provided): list it in NEEDS_DATABASE.
 */

/** Every test file of the project. */
export const ALL_TESTS = 'tests/**/*.test.ts';

/** Browser tests: every `*.e2e.test.ts`. */
export const BROWSER = ['tests/web/**/*.e2e.test.ts'];

const UNIT_FOLDERS = ['engine', 'games', 'i18n', 'infra', 'web'];
const INTEGRATION_FOLDERS = ['platform', 'notify', 'players'];

/** Files in the unit folders that use DynamoDB Local (freshTable, testApp) or start it. */
export const NEEDS_DATABASE = [
  'tests/infra/bots.test.ts',
  'tests/infra/digest.test.ts',
  'tests/infra/handlers.test.ts',
  'tests/infra/storage-size.test.ts',
];

/**
 * Files in the integration folders that need no database: besides the checks of the code itself, the app's
 * behaviour on the in-memory stores (tests/support/app.ts `memoryApp`; functions/storage/memory/, held to the
 * DynamoDB adapters' contracts in tests/contracts/).
 */
export const NO_DATABASE = [
  'tests/notify/quiet-hours.test.ts',
  'tests/players/ratings-maths.test.ts',
  'tests/players/waiting-board.test.ts',
  'tests/platform/bots-names.test.ts',
  'tests/platform/bots-stand-in.test.ts',
  'tests/platform/bots.test.ts',
  'tests/platform/changes.test.ts',
  'tests/platform/chat.test.ts',
  'tests/platform/docs.test.ts',
  'tests/platform/fuzz.test.ts',
  'tests/platform/games-http.test.ts',
  'tests/platform/invite-info.test.ts',
  'tests/platform/lobby.test.ts',
  'tests/platform/safety.test.ts',
  'tests/platform/lifecycle.test.ts',
  'tests/platform/openapi.test.ts',
  'tests/platform/queues.test.ts',
  'tests/platform/match-item.test.ts',
  'tests/platform/read-race.test.ts',
  'tests/platform/recent-keys.test.ts',
  'tests/platform/recent.test.ts',
  'tests/platform/redaction.test.ts',
  'tests/platform/replay.test.ts',
  'tests/platform/side-changes.test.ts',
  'tests/platform/retries.test.ts',
  'tests/platform/state-size.test.ts',
  'tests/platform/stores-memory.test.ts',
  'tests/platform/structure.test.ts',
  'tests/platform/tiers.test.ts',
  'tests/platform/undo.test.ts',
  'tests/players/names.test.ts',
];

const under = (folders: string[]) => folders.map((f) => `tests/${f}/**/*.test.ts`);

/** The `include`/`exclude` of each vitest project. */
export const TIERS = {
  unit: { include: [...under(UNIT_FOLDERS), ...NO_DATABASE], exclude: [...BROWSER, ...NEEDS_DATABASE] },
  integration: { include: [...under(INTEGRATION_FOLDERS), ...NEEDS_DATABASE], exclude: [...BROWSER, ...NO_DATABASE] },
  browser: { include: BROWSER, exclude: [] as string[] },
};
export type Tier = keyof typeof TIERS;
