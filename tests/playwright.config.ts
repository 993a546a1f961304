import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.js';

export default defineConfig({
  testDir: './e2e',
  globalSetup: './global-setup.ts',
  // Files run side by side, each file's tests in order (docs/development.md#the-journeys).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  forbidOnly: Boolean(process.env.CI),
  // The JSON report (PLAYWRIGHT_JSON_OUTPUT_FILE) feeds npm test's pass/fail count.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    // Set by the global setup, which starts the services on free ports.
    baseURL: process.env.E2E_STOREFRONT_URL,
    // Recording a trace of every test cost a third of the run's time; ask for one when a
    // journey fails: `E2E_TRACE=retain-on-failure npm run test:e2e --workspace tests`.
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } } },
  ],
});
