/** A marketer's hands in Strapi's admin UI: signing in, and Publish with the moment it was clicked. */
import { expect, type Page } from '@playwright/test';

export async function signInToCmsAdmin(
  page: Page,
  cmsUrl: string,
  account: { email: string; password: string },
) {
  // Strapi greets new accounts with a guided tour whose steps cover the page; skip each one.
  await page.addLocatorHandler(page.getByRole('button', { name: 'Skip' }), (skip) => skip.click());
  await page.goto(`${cmsUrl}/admin`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('link', { name: 'Content Manager' })).toBeVisible();
}

/**
 * Opens the admin UI already signed in with the editor's shared admin token (support/cms-admin.ts),
 * as the admin keeps it after a sign-in: no further sign-in counts against Strapi's limit.
 */
export async function openCmsAdminWithToken(page: Page, cmsUrl: string, token: string) {
  await page.addLocatorHandler(page.getByRole('button', { name: 'Skip' }), (skip) => skip.click());
  await page.addInitScript((jwt) => {
    localStorage.setItem('jwtToken', JSON.stringify(jwt));
    localStorage.setItem('isLoggedIn', 'true');
  }, token);
  await page.goto(`${cmsUrl}/admin`);
  await expect(page.getByRole('link', { name: 'Content Manager' })).toBeVisible();
}

/** Clicks Publish; returns when the click happened, for the publish-to-visible figure. */
export async function publishInCmsAdmin(page: Page): Promise<number> {
  const clickedAt = Date.now();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published document')).toBeVisible();
  return clickedAt;
}

/** Fills a new blog post's title, author and first paragraph in the open create form, and saves it. */
export async function writeBlogPost(page: Page, title: string, paragraph: string) {
  await page.getByLabel('title').fill(title);
  await page.getByLabel('author').fill('Editorial team');
  const editor = page
    .locator('.cm-content, .CodeMirror textarea, [contenteditable="true"]')
    .first();
  await editor.click();
  await page.keyboard.type(paragraph);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved document')).toBeVisible();
}
