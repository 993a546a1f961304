/**
 * Signing in for the admin journeys. The sign-in code e-mail is rate limited per address and per
 * IP, so each account signs in by code once every few minutes and its cookies are saved for every
 * other test, project and file that signs in as it. Workers side by side take turns per address,
 * a minute apart, since the shop refuses an address a second code within a minute.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { signInByCode } from './sign-in.js';

/** The test stack's only administrator (ADMIN_EMAILS' default). */
export const ADMIN_EMAIL = 'admin@example.com';
/** A signed-in account without the administrator role. */
export const NOT_ADMIN_EMAIL = 'support.not.admin@example.com';

/** Where an account's cookies are kept once it has signed in during this run. */
const savedSignIn = (email: string) =>
  path.join(process.env.E2E_DATA_DIR ?? '', `admin-spec-sign-in-${email}.json`);

/** When the account last signed in by code (the file's time). */
const lastCodeOf = (email: string) =>
  path.join(process.env.E2E_DATA_DIR ?? '', `sign-in-code-${email}.at`);

/** The commerce service refuses the same address a new code within a minute. */
const CODE_RESEND_MS = 61_000;

/**
 * How long a saved sign-in is reused. An administrator's revoke, restore or delete needs a
 * sign-in from the last 15 minutes (docs/product.md#administrator-sessions): a saved one is
 * reused for less than that, leaving a test its own few minutes, then renewed by code.
 */
const REUSED_FOR_MS = 8 * 60_000;

const isRecent = (saved: string) =>
  existsSync(saved) && Date.now() - statSync(saved).mtimeMs < REUSED_FOR_MS;

/** A lock older than this was left by a worker that died holding it. */
const STALE_LOCK_MS = 2 * 60_000;

/**
 * Runs `work` while no other worker signs the same account in: two workers asking for codes at
 * once would each replace the other's code, and the shop refuses a second code within a
 * minute. A folder is the lock, since making one either succeeds or finds it there.
 */
async function oneWorkerAtATime<T>(saved: string, work: () => Promise<T>): Promise<T> {
  const lock = `${saved}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS)
        rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Signs in by code once the address's last code is a minute old, and notes the time. */
async function signInByCodeWhenDue(page: Page, email: string) {
  const last = lastCodeOf(email);
  const wait = existsSync(last) ? CODE_RESEND_MS - (Date.now() - statSync(last).mtimeMs) : 0;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  await signInByCode(page, email);
  writeFileSync(last, '');
}

/**
 * Signs the shared shop's page in as `email` by code, as a journey of the sign-in itself does:
 * in turn with the other workers, and a minute after the address's last code.
 */
export async function signInByCodeInTurn(page: Page, email: string) {
  await oneWorkerAtATime(savedSignIn(email), () => signInByCodeWhenDue(page, email));
}

/**
 * Signs the page's context in as `email`: by e-mail code the first time (and once the saved
 * sign-in is no longer recent), from the saved cookies otherwise. Workers side by side take
 * turns, and one that waited uses the cookies the other saved.
 */
export async function signInOnce(page: Page, context: BrowserContext, email: string) {
  const saved = savedSignIn(email);
  if (!isRecent(saved)) {
    await oneWorkerAtATime(saved, async () => {
      if (isRecent(saved)) return;
      await signInByCodeWhenDue(page, email);
      await page.waitForURL((url) => url.pathname === '/');
      await context.storageState({ path: saved });
    });
  }
  await context.addCookies(JSON.parse(readFileSync(saved, 'utf8')).cookies);
}
