import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.js';

export default defineConfig({
  testDir: './e2e',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  forbidOnly: Boolean(process.env.CI),
  // The JSON report (PLAYWRIGHT_JSON_OUTPUT_FILE) feeds npm test's pass/fail count.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    // Set by the global setup, which starts the services on free ports.
    baseURL: process.env.E2E_STOREFRONT_URL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } } },
  ],
});
