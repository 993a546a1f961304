#!/usr/bin/env node
/**
 * How long the built shop takes to answer: starts the three services on free ports, first
 * on a fresh data directory (migrations and seeding included), then again on the same data,
 * and prints the time until all three answer. Run after `npm run build`: `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertSupportedNode } from '../scripts/lib/node-version.mjs';

assertSupportedNode();
// Loaded after the check: older Node.js cannot even parse a TypeScript module.
const { startStack } = await import('../tests/support/stack.ts');

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
const figures = [];
try {
  for (const label of [
    'fresh data directory (first start, seeding)',
    'same data directory (restart)',
  ]) {
    const started = performance.now();
    const stack = await startStack({ dataDir });
    figures.push([label, (performance.now() - started) / 1000]);
    await stack.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\nTime from start until the CMS, the commerce service and the storefront all answer:');
for (const [label, seconds] of figures)
  console.log(`  ${label.padEnd(48)} ${seconds.toFixed(1)} s`);
