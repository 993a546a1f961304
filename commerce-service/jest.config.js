/** Jest runs the TypeScript sources as ES modules through SWC (@aba-shop/test-kit/jest-swc). */
import swc from '@aba-shop/test-kit/jest-swc';

export default {
  ...swc,
  // One migrated database and one set of sample eBook files for the whole run; each test file
  // starts from copies of them (src/test-support/database.ts).
  globalSetup: '<rootDir>/src/test-support/global-setup.ts',
  globalTeardown: '<rootDir>/src/test-support/global-teardown.ts',
  // Each test file builds the whole app (PostgreSQL in CI): sign-in setup and the first
  // requests take seconds on a slow machine, longer than jest's 5 s default for a hook.
  testTimeout: 30_000,
  // Every core: jest's default (cores - 1) runs one file at a time on a two-core CI machine,
  // and the API fuzz suite is split into files (src/api-*.fuzz.test.ts) to use both.
  maxWorkers: '100%',
};
