import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The commerce API's zod schemas are imported from the service's TypeScript sources.
  transpilePackages: ['commerce-service'],
};

export default nextConfig;
