/**
 * What the security journeys (tests/e2e/security-*.spec.ts) expect of a refusal: the shop's
 * address as the journeys reach it, the admin routes' answer to a visitor who is not signed in,
 * a JSON refusal, and no byte of any file in an answer.
 */
import { expect, type APIResponse } from '@playwright/test';

export const SHOP = process.env.E2E_STOREFRONT_URL ?? '';
export const SIGNED_OUT = 'Accedi con un account amministratore per continuare.';

/** No part of an eBook, the database, the repository or the system came back. */
export function expectNoFileBytes(body: Buffer) {
  const text = body.toString('latin1');
  expect(text.startsWith('%PDF')).toBe(false);
  expect(text.startsWith('ID3')).toBe(false);
  expect(text).not.toContain('SQLite format 3');
  expect(text).not.toContain('root:x:0:0');
  expect(text).not.toContain('"workspaces"');
}

export async function expectJsonRefusal(response: APIResponse, status: number, body: unknown) {
  expect(response.status()).toBe(status);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  expect(await response.json()).toEqual(body);
}
