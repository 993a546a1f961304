/** Imported once at server start (Node.js runtime only) by instrumentation.ts. */
import { storefrontConfig } from './config';

try {
  storefrontConfig();
} catch (error) {
  console.error(`storefront: ${(error as Error).message}`);
  process.exit(1);
}
