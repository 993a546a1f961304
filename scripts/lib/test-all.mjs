/**
 * `npm test`: static checks, every workspace's unit and integration tests, the compose
 * file's validation, then the end-to-end journeys against fresh builds. Stops at the first
 * failure with a non-zero exit.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt } from './build.mjs';
import { PACKAGES, ROOT, SERVICES } from './paths.mjs';
import { run } from './run.mjs';

function step(title, action) {
  const started = Date.now();
  console.log(`\n=== ${title}`);
  action();
  console.log(`=== ${title}: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

const WORKSPACES_WITH_TESTS = [...PACKAGES, ...SERVICES];
const REPORTS_DIR = path.join(ROOT, '.tmp', 'test-reports');
const reportOf = (workspace) => path.join(REPORTS_DIR, `${workspace.replaceAll('/', '-')}.json`);

/** Adds up the passed and failed counts of the jest and Playwright JSON reports. */
function countTests() {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const workspace of WORKSPACES_WITH_TESTS) {
    const report = JSON.parse(readFileSync(reportOf(workspace), 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  const e2e = JSON.parse(readFileSync(path.join(REPORTS_DIR, 'e2e.json'), 'utf8')).stats;
  totals.passed += e2e.expected + e2e.flaky;
  totals.failed += e2e.unexpected;
  totals.skipped += e2e.skipped;
  return totals;
}

export async function testAll() {
  rmSync(REPORTS_DIR, { recursive: true, force: true });
  mkdirSync(REPORTS_DIR, { recursive: true });
  if (process.env.TEST_DATABASE_URL) {
    console.log('Integration tests use PostgreSQL from TEST_DATABASE_URL.');
  } else {
    console.log('TEST_DATABASE_URL is not set: integration tests use SQLite only.');
  }
  if (process.env.TEST_REDIS_URL) {
    console.log('Redis-backed tests use Redis from TEST_REDIS_URL.');
  } else {
    console.log('TEST_REDIS_URL is not set: the Redis-backed tests (shared limits) are skipped.');
  }
  step('Formatting (prettier --check)', () => run('npm', ['run', 'format:check', '--silent']));
  step('Lint (eslint)', () => run('npm', ['run', 'lint', '--silent']));
  step('Type-check (tsc --noEmit, every workspace)', () =>
    run('npm', ['run', 'typecheck', '--silent']),
  );
  // The CMS's integration tests boot the built CMS, so building comes first.
  step('Build (what is not built yet)', () => ensureBuilt({ journeys: true }));
  step('Unit and integration tests (every workspace)', () => {
    for (const workspace of WORKSPACES_WITH_TESTS) {
      const report = reportOf(workspace);
      run('npm', ['test', '--workspace', workspace, '--', '--json', `--outputFile=${report}`]);
    }
  });
  step('docker-compose.yml validation', () => {
    if (!hasCommand('docker-compose')) {
      console.log(
        'SKIPPED: docker-compose is not installed, so docker-compose.yml was not validated.',
      );
      return;
    }
    run('docker-compose', [
      '--env-file',
      path.join(ROOT, 'tests/fixtures/compose.env'),
      '--file',
      path.join(ROOT, 'docker-compose.yml'),
      'config',
      '--quiet',
    ]);
  });
  step('End-to-end journeys (Playwright, Chromium)', () =>
    run('npm', ['run', 'test:e2e', '--workspace', 'tests'], {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(REPORTS_DIR, 'e2e.json') },
    }),
  );
  const { passed, failed, skipped } = countTests();
  console.log('\nAll checks passed.');
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
}
