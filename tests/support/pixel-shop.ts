/**
 * A shop with an ad pixel: the one storefront build, started with META_PIXEL_ID set to a test
 * id (docs/adr/0041-the-pixel-id-read-at-run-time.md), with a commerce service of its own on the
 * running CMS. The global set-up starts it once for every worker (../global-setup.ts). The
 * journeys of the cookie banner and the pixel run on it; every other journey meets the shop as
 * `npm start` runs it, with no pixel and no banner. `test` is Playwright's with `baseURL` on
 * that shop and `pixelShop` naming it (its data directory holds its database and its mail).
 */
import { test as base } from '@playwright/test';

/** A pixel id of the form Meta gives, which no real account has. */
export const TEST_PIXEL_ID = '000000000000000';

/** Where the global set-up tells the workers about the pixel's shop. */
export const PIXEL_SHOP_ENV = {
  storefront: 'E2E_PIXEL_STOREFRONT_URL',
  dataDir: 'E2E_PIXEL_DATA_DIR',
} as const;

interface PixelShop {
  urls: { storefront: string };
  dataDir: string;
}

export const test = base.extend<object, { pixelShop: PixelShop }>({
  pixelShop: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use) => {
      const storefront = process.env[PIXEL_SHOP_ENV.storefront];
      const dataDir = process.env[PIXEL_SHOP_ENV.dataDir];
      if (!storefront || !dataDir) throw new Error('The global set-up started no pixel shop');
      await use({ urls: { storefront }, dataDir });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ pixelShop }, use) => use(pixelShop.urls.storefront),
});

export { expect } from '@playwright/test';
