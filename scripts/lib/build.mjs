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

/** Where the journeys' storefront with the test pixel is built, inside the storefront's `.next`. */
export const PIXEL_BUILD_DIR = '.next/with-test-pixel';
/** A pixel id of the form Meta gives, which no real account has. */
export const TEST_PIXEL_ID = '000000000000000';

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
  {
    workspace: 'storefront',
    output: 'storefront/.next/BUILD_ID',
    inputs: STOREFRONT_INPUTS,
  },
  // The journeys' own storefront build with an ad pixel id, in a folder of its own, so that the
  // consent banner and the pixel can be tested while `npm start` never ships a pixel
  // (tests/support/pixel-shop.ts). Built for `npm test` only.
  {
    workspace: 'storefront',
    name: 'storefront with the test pixel',
    forJourneys: true,
    output: `storefront/${PIXEL_BUILD_DIR}/BUILD_ID`,
    env: { STOREFRONT_DIST_DIR: PIXEL_BUILD_DIR, NEXT_PUBLIC_META_PIXEL_ID: TEST_PIXEL_ID },
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

/**
 * Builds the stale services (or all of them with `force`), one after the other; with
 * `journeys`, also the builds only the end-to-end journeys run.
 */
export function ensureBuilt({ force = false, journeys = false } = {}) {
  for (const build of BUILDS) {
    if (build.forJourneys && !journeys) continue;
    if (!force && !isStale(build)) continue;
    const started = Date.now();
    run('npm', ['run', 'build', '--workspace', build.workspace], {
      env: {
        ...process.env,
        STRAPI_TELEMETRY_DISABLED: 'true',
        NEXT_TELEMETRY_DISABLED: '1',
        ...build.env,
      },
    });
    const name = build.name ?? build.workspace;
    console.log(`Built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
