import path from 'node:path';
import type { NextConfig } from 'next';
import { withSerwist } from '@serwist/turbopack';
import { buildSecurityOptions, securityHeaderRules } from './lib/security/security-headers';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Hashing a cached page for its ETag took a sixth of the server's time per view (ADR 0009);
  // the CDN in front (docs/scaling.md) gives browsers validators of its own.
  generateEtags: false,
  reactStrictMode: true,
  // The workspace packages (packages/) are TypeScript sources.
  transpilePackages: ['@aba-shop/contract', '@aba-shop/service-kit'],
  // Loaded from node_modules rather than bundled, so that the standalone output carries it
  // (and its dependencies) for server.mjs, which runs outside the build.
  serverExternalPackages: ['proxy-addr'],
  // The Docker image ships the self-contained build, run by server.mjs as local runs are.
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  outputFileTracingRoot: path.join(import.meta.dirname, '..'),
  // `npm test` has type-checked every workspace before it builds (scripts/lib/test-all.mjs),
  // so its build skips Next's second pass over the same types; every other build keeps it.
  typescript: { ignoreBuildErrors: process.env.STOREFRONT_TYPES_CHECKED === '1' },
  // Decided when the build runs; an ad pixel's hosts join the policy where the server runs
  // (server.mjs, docs/adr/0041-the-pixel-id-read-at-run-time.md).
  headers: async () => securityHeaderRules(buildSecurityOptions()),
};

// The library's service worker is bundled by esbuild as the shop is built (app/library/sw.ts).
export default withSerwist(nextConfig);
