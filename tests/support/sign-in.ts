/** Signing in on the storefront's /login page with the code the shop e-mails. */
import { expect, type Page } from '@playwright/test';
import { countMailTo, waitForSignInCode } from './mailbox.js';

export async function signInByCode(page: Page, email: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
  const before = countMailTo(email);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Invia codice' }).click();
  await expect(page.getByText('Codice OTP inviato alla tua email!')).toBeVisible();
  const code = await waitForSignInCode(email, before);
  await page.getByLabel('Codice OTP').fill(code);
  await page.getByRole('button', { name: 'Verifica e Accedi' }).click();
  await expect(page.getByText('Login effettuato con successo!')).toBeVisible();
}
