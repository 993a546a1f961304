#!/usr/bin/env node
/**
 * The README's commands: `npm start`, `npm run dev`, `npm run build`, `npm test`,
 * `npm run test:quick`.
 * Each checks Node.js first, installs and builds what is missing, then does its job.
 */
import { assertSupportedNode } from './lib/node-version.mjs';

assertSupportedNode();

const { existsSync } = await import('node:fs');
const path = await import('node:path');
const { ROOT, DEFAULT_DATA_DIR } = await import('./lib/paths.mjs');
const { ensureInstalled } = await import('./lib/install.mjs');

// A local .env configures every service, like the environment does (the environment wins).
if (existsSync(path.join(ROOT, '.env'))) process.loadEnvFile(path.join(ROOT, '.env'));

const command = process.argv[2];
try {
  ensureInstalled();
  const { ensureBuilt } = await import('./lib/build.mjs');
  switch (command) {
    case 'start':
      ensureBuilt();
      await (
        await import('./lib/run-services.mjs')
      ).runServices({ mode: 'start', dataDir: DEFAULT_DATA_DIR });
      break;
    case 'dev':
      await (
        await import('./lib/run-services.mjs')
      ).runServices({ mode: 'dev', dataDir: DEFAULT_DATA_DIR });
      break;
    case 'build':
      ensureBuilt({ force: true });
      break;
    case 'test':
      await (await import('./lib/test-all.mjs')).testAll();
      break;
    case 'test:quick':
      await (await import('./lib/test-quick.mjs')).testQuick(process.argv.slice(3));
      break;
    default:
      console.error('Usage: node scripts/launch.mjs start|dev|build|test|test:quick');
      process.exitCode = 2;
  }
} catch (error) {
  console.error(`\n${error.message}`);
  process.exitCode = error.exitCode ?? 1;
}
