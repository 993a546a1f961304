import path from 'node:path';
import type { NextConfig } from 'next';
import { withSerwist } from '@serwist/turbopack';
import { buildSecurityOptions, securityHeaderRules } from './lib/security/security-headers';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The journeys' second build, with a test pixel id, has a folder of its own
  // (scripts/lib/build.mjs, PIXEL_BUILD_DIR); the shop's is the default.
  distDir: process.env.STOREFRONT_DIST_DIR || '.next',
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
  // Decided when the build runs, like the pixel id that the browser code inlines.
  headers: async () => securityHeaderRules(buildSecurityOptions()),
};

// The library's service worker is bundled by esbuild as the shop is built (app/library/sw.ts).
export default withSerwist(nextConfig);
