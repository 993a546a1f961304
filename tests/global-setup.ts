import { startStack } from './support/stack.js';

/** Starts the whole shop once for every journey; the returned function stops it. */
export default async function globalSetup() {
  const started = Date.now();
  const stack = await startStack();
  console.log(`Shop started for the journeys in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.env.E2E_STOREFRONT_URL = stack.urls.storefront;
  process.env.E2E_COMMERCE_URL = stack.urls.commerce;
  process.env.E2E_CMS_URL = stack.urls.cms;
  return () => stack.stop();
}
