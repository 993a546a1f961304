/**
 * Signing in for the admin journeys. The sign-in code e-mail is rate limited per address and per
 * IP, so each account signs in by code once every few minutes and its cookies are saved for every other
 * test, project and file that signs in as it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { signInByCode } from './sign-in.js';

/** The test stack's only administrator (ADMIN_EMAILS' default). */
export const ADMIN_EMAIL = 'admin@example.com';
/** A signed-in account without the administrator role. */
export const NOT_ADMIN_EMAIL = 'support.not.admin@example.com';

/** Where an account's cookies are kept once it has signed in during this run. */
export const savedSignIn = (email: string) =>
  path.join(process.env.E2E_DATA_DIR ?? '', `admin-spec-sign-in-${email}.json`);

/**
 * How long a saved sign-in is reused. An administrator's revoke, restore or delete needs a
 * sign-in from the last 15 minutes (docs/product.md#administrator-sessions): a saved one is
 * reused for less than that, leaving a test its own few minutes, then renewed by code.
 */
const REUSED_FOR_MS = 8 * 60_000;

/**
 * Signs the page's context in as `email`: by e-mail code the first time (and once the saved
 * sign-in is no longer recent), from the saved cookies otherwise.
 */
export async function signInOnce(page: Page, context: BrowserContext, email: string) {
  const saved = savedSignIn(email);
  if (existsSync(saved) && Date.now() - statSync(saved).mtimeMs < REUSED_FOR_MS) {
    await context.addCookies(JSON.parse(readFileSync(saved, 'utf8')).cookies);
    return;
  }
  await signInByCode(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  await context.storageState({ path: saved });
}
