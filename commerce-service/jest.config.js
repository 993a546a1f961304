/** Jest runs the TypeScript sources as ES modules through SWC (@aba-shop/test-kit/jest-swc). */
import swc from '@aba-shop/test-kit/jest-swc';

export default {
  ...swc,
  // Each test file builds the whole app on a fresh database (PostgreSQL in CI): migrations and
  // sign-in setup take seconds on a slow machine, longer than jest's 5 s default for a hook.
  testTimeout: 30_000,
  // Every core: jest's default (cores - 1) runs one file at a time on a two-core CI machine,
  // and the API fuzz suite is split into files (src/api-*.fuzz.test.ts) to use both.
  maxWorkers: '100%',
};
