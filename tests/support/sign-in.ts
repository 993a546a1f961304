/**
 * Signing in on the storefront's /login page with the code the shop e-mails (to the shared
 * shop's mailbox, or to that of a shop with its own data directory).
 */
import { expect, type Page } from '@playwright/test';
import { ownClientAddress } from './client-address.js';
import { countMailTo, waitForSignInCode } from './mailbox.js';

export async function signInByCode(page: Page, email: string, dataDir?: string) {
  await page.goto('/login');
  await requestAndEnterCode(page, email, dataDir);
}

/**
 * Clicks 'Invia codice' with the e-mail already filled in, from a client address of its own:
 * the shop allows one client 10 code e-mails in 10 minutes, and a full run asks for more.
 */
export async function requestSignInCode(page: Page) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownClientAddress() });
  await page.getByRole('button', { name: 'Invia codice' }).click();
  await expect(page.getByText('Codice OTP inviato alla tua email!')).toBeVisible();
}

/** On the login page already open: asks for a code, reads it from the mailbox and signs in. */
export async function requestAndEnterCode(page: Page, email: string, dataDir?: string) {
  await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
  const before = countMailTo(email, dataDir);
  await page.getByLabel('Email').fill(email);
  await requestSignInCode(page);
  const code = await waitForSignInCode(email, before, dataDir);
  await page.getByLabel('Codice OTP').fill(code);
  await page.getByRole('button', { name: 'Verifica e Accedi' }).click();
  await expect(page.getByText('Login effettuato con successo!')).toBeVisible();
}
