/**
 * Builds each service whose output is missing or older than its sources. A build's output
 * marker is compared with the newest file among the inputs that shape it.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';
import { run } from './run.mjs';

const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  '.next',
  '.strapi',
  '.data',
  '.tmp',
  'test-support',
]);
// Tests sit beside the code but never change what a build produces.
const isTestFile = (name) => /\.test\.tsx?$/.test(name);

const STOREFRONT_INPUTS = [
  'storefront/app',
  'storefront/components',
  'storefront/lib',
  'storefront/public',
  'storefront/proxy.ts',
  'storefront/instrumentation.ts',
  'storefront/instrumentation-client.ts',
  'storefront/next.config.ts',
  'storefront/postcss.config.mjs',
  'storefront/package.json',
  'packages/contract/src',
  'packages/service-kit/src',
  'commerce-service/data',
];

export const BUILDS = [
  {
    workspace: 'commerce-service',
    output: 'commerce-service/dist/server.js',
    inputs: [
      'commerce-service/src',
      'commerce-service/data',
      'commerce-service/package.json',
      'commerce-service/tsconfig.json',
      'commerce-service/tsconfig.build.json',
    ],
  },
  {
    workspace: 'cms',
    output: 'cms/dist/build/index.html',
    inputs: ['cms/src', 'cms/config', 'cms/package.json', 'cms/tsconfig.json'],
  },
  // One build for every shop: the journeys' shop with an ad pixel runs it with META_PIXEL_ID
  // set (tests/support/pixel-shop.ts, docs/adr/0041-the-pixel-id-read-at-run-time.md).
  {
    workspace: 'storefront',
    output: 'storefront/.next/BUILD_ID',
    inputs: STOREFRONT_INPUTS,
  },
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (SKIPPED_DIRS.has(entry) || isTestFile(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function isStale(build) {
  const output = path.join(ROOT, build.output);
  if (!existsSync(output)) return true;
  const inputs = [...build.inputs, 'package-lock.json', 'tsconfig.base.json'].map((input) =>
    path.join(ROOT, input),
  );
  return Math.max(...inputs.map(newestMtime)) > statSync(output).mtimeMs;
}

/** Builds the stale services (or all of them with `force`), one after the other, with `env`. */
export function ensureBuilt({ force = false, env = {} } = {}) {
  for (const build of BUILDS) {
    if (!force && !isStale(build)) continue;
    const started = Date.now();
    run('npm', ['run', 'build', '--workspace', build.workspace], {
      env: {
        ...process.env,
        STRAPI_TELEMETRY_DISABLED: 'true',
        NEXT_TELEMETRY_DISABLED: '1',
        ...env,
      },
    });
    console.log(`Built ${build.workspace} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
