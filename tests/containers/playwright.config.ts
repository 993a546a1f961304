/**
 * `npm run test:containers`: the production journey on containers (tests/containers/README.md).
 * One browser, one worker, tests in file order: each step builds on the shop the last one left.
 */
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/chromium.js';

export default defineConfig({
  testDir: '.',
  testMatch: 'journey.spec.ts',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 300_000,
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
