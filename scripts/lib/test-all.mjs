/**
 * `npm test`: static checks, every workspace's unit and integration tests, the compose
 * file's validation, then the end-to-end journeys against fresh builds. Stops at the first
 * failing phase with a non-zero exit, and ends with the time each phase took
 * (docs/development.md#the-test-lanes).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt } from './build.mjs';
import { PACKAGES, ROOT, SERVICES } from './paths.mjs';
import { run, runSideBySide, workspaceScript } from './run.mjs';

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

const WORKSPACES_WITH_TESTS = [...PACKAGES, ...SERVICES];
const WORKSPACES_WITH_TYPES = [...WORKSPACES_WITH_TESTS, 'tests'];
const REPORTS_DIR = path.join(ROOT, '.tmp', 'test-reports');
const reportOf = (workspace) => path.join(REPORTS_DIR, `${workspace.replaceAll('/', '-')}.json`);

/** The phases run so far, each with its seconds, for the summary at the end. */
const phases = [];

async function phase(title, action) {
  const started = Date.now();
  console.log(`\n=== ${title}`);
  const entry = { title, seconds: 0, passed: false };
  phases.push(entry);
  try {
    await action();
    entry.passed = true;
  } finally {
    entry.seconds = (Date.now() - started) / 1000;
    console.log(
      `=== ${title}: ${entry.passed ? 'passed' : 'FAILED'} in ${entry.seconds.toFixed(1)} s`,
    );
  }
}

function printPhases(started) {
  const width = Math.max(...phases.map(({ title }) => title.length));
  console.log('\nTime of each phase:');
  for (const { title, seconds, passed } of phases)
    console.log(
      `  ${title.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s${passed ? '' : '  FAILED'}`,
    );
  console.log(
    `  ${'Total'.padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s`,
  );
}

/** Adds up the passed and failed counts of the jest, node --test and Playwright reports. */
function countTests() {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const workspace of WORKSPACES_WITH_TESTS) {
    const report = JSON.parse(readFileSync(reportOf(workspace), 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  const scripts = JSON.parse(readFileSync(path.join(REPORTS_DIR, 'scripts.json'), 'utf8'));
  totals.passed += scripts.passed;
  totals.failed += scripts.failed;
  const e2e = JSON.parse(readFileSync(path.join(REPORTS_DIR, 'e2e.json'), 'utf8')).stats;
  totals.passed += e2e.expected + e2e.flaky;
  totals.failed += e2e.unexpected;
  totals.skipped += e2e.skipped;
  return totals;
}

/** The repository's own scripts' tests (node --test), counted from its TAP summary. */
function testScripts() {
  const result = spawnSync(
    process.execPath,
    ['--test', '--test-reporter=tap', 'scripts/**/*.test.mjs'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(result.stdout)?.[1]);
  const counts = { passed: count('pass'), failed: count('fail') };
  writeFileSync(path.join(REPORTS_DIR, 'scripts.json'), JSON.stringify(counts));
  if (result.status !== 0)
    throw new Error('The scripts’ tests failed (node --test scripts/**/*.test.mjs)');
}

export async function testAll() {
  const started = Date.now();
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
  try {
    // Each check is one process on one core: two at a time keep both cores busy.
    await phase('Static checks (format, lint, types, commit messages)', () =>
      runSideBySide([
        workspaceScript('types storefront', 'storefront', 'typecheck'),
        { name: 'lint', command: 'npm', args: ['run', 'lint', '--silent'] },
        ...WORKSPACES_WITH_TYPES.filter((workspace) => workspace !== 'storefront').map(
          (workspace) => workspaceScript(`types ${workspace}`, workspace, 'typecheck'),
        ),
        { name: 'format', command: 'npm', args: ['run', 'format:check', '--silent'] },
        { name: 'commit messages', command: 'node', args: ['scripts/check-commits.mjs'] },
      ]),
    );
    await phase('Scripts’ own tests (node --test)', testScripts);
    // The CMS's integration tests boot the built CMS, so building comes first.
    // The static checks have type-checked the storefront: its build need not again.
    await phase('Build (what is not built yet)', () =>
      ensureBuilt({ env: { STOREFRONT_TYPES_CHECKED: '1' } }),
    );
    // The commerce tests spread over both cores on their own; the rest run beside them.
    await phase('Unit and integration tests (every workspace)', () =>
      runSideBySide(
        WORKSPACES_WITH_TESTS.map((workspace) =>
          workspaceScript(workspace, workspace, 'test', [
            '--json',
            `--outputFile=${reportOf(workspace)}`,
          ]),
        ).sort((a, b) => (b.name === 'commerce-service') - (a.name === 'commerce-service')),
      ),
    );
    await phase('docker-compose.yml validation', () => {
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
    await phase('End-to-end journeys (Playwright, Chromium)', () =>
      run('npm', ['run', 'test:e2e', '--workspace', 'tests'], {
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(REPORTS_DIR, 'e2e.json') },
      }),
    );
  } finally {
    printPhases(started);
  }
  const { passed, failed, skipped } = countTests();
  console.log('\nAll checks passed.');
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
}
