/**
 * Signing in for the admin journeys. The sign-in code e-mail is rate limited per address and per
 * IP, so each account signs in by code once per run and its cookies are saved for every other
 * test, project and file that signs in as it.
 */
import { existsSync, readFileSync } from 'node:fs';
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

/** Signs the page's context in as `email`: by e-mail code the first time, from the saved cookies after. */
export async function signInOnce(page: Page, context: BrowserContext, email: string) {
  const saved = savedSignIn(email);
  if (existsSync(saved)) {
    await context.addCookies(JSON.parse(readFileSync(saved, 'utf8')).cookies);
    return;
  }
  await signInByCode(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  await context.storageState({ path: saved });
}
