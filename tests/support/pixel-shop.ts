/**
 * A shop whose storefront is the journeys' build with an ad pixel id (scripts/lib/build.mjs,
 * PIXEL_BUILD_DIR), with a commerce service of its own on the running CMS. The journeys of the
 * cookie banner and the pixel run on it; every other journey meets the shop as `npm start` runs
 * it, with no pixel and no banner. `test` is Playwright's with `baseURL` on that shop and
 * `pixelShop` naming it (its data directory holds its database and its mail).
 */
import { test as base } from '@playwright/test';
import { PIXEL_BUILD_DIR, TEST_PIXEL_ID } from '../../scripts/lib/build.mjs';
import { startShopOnCms, type RunningStack } from './stack.js';

export const test = base.extend<object, { pixelShop: RunningStack }>({
  pixelShop: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use) => {
      const shop = await startShopOnCms({
        cmsPort: Number(new URL(process.env.E2E_CMS_URL ?? '').port),
        env: { STOREFRONT_DIST_DIR: PIXEL_BUILD_DIR, NEXT_PUBLIC_META_PIXEL_ID: TEST_PIXEL_ID },
      });
      await use(shop);
      await shop.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ pixelShop }, use) => use(pixelShop.urls.storefront),
});

export { expect } from '@playwright/test';
