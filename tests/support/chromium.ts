/**
 * Which Chromium the journeys drive: CHROMIUM_PATH, else Debian's headless shell (package
 * chromium-headless-shell, the headless-only build Playwright itself runs headless tests in),
 * else Debian's /usr/bin/chromium, else Playwright's own browser. The headless shell draws the
 * same pages for about a quarter less work than the full browser (docs/development.md#the-journeys).
 * Browsers are never downloaded by the tests.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export function chromiumExecutable(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/lib/chromium/chromium-headless-shell',
    '/usr/bin/chromium',
  ];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (found) return found;
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but no file is there.`);
  }
  if (existsSync(chromium.executablePath())) return undefined;
  throw new Error(
    'No Chromium found for the end-to-end tests: install one (on Debian or Ubuntu: `apt-get install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

/**
 * How the journeys launch it: that Chromium, without the sandbox (the tests run as root), the
 * GPU, QUIC and the background traffic to Google's services that this closed network refuses.
 */
export function chromiumLaunchOptions() {
  return {
    executablePath: chromiumExecutable(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
