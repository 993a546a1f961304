/**
 * `npm test`: static checks, every workspace's unit and integration tests, the compose
 * file's validation, then the end-to-end journeys against fresh builds. Stops at the first
 * failure with a non-zero exit.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt } from './build.mjs';
import { ROOT } from './paths.mjs';
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

export async function testAll() {
  if (process.env.TEST_DATABASE_URL) {
    console.log('Integration tests use PostgreSQL from TEST_DATABASE_URL.');
  } else {
    console.log('TEST_DATABASE_URL is not set: integration tests use SQLite only.');
  }
  step('Formatting (prettier --check)', () => run('npm', ['run', 'format:check', '--silent']));
  step('Lint (eslint)', () => run('npm', ['run', 'lint', '--silent']));
  step('Type-check (tsc --noEmit, every workspace)', () =>
    run('npm', ['run', 'typecheck', '--silent']),
  );
  step('Unit and integration tests (every workspace)', () =>
    run('npm', ['test', '--workspaces', '--if-present']),
  );
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
  step('Build (what is not built yet)', () => ensureBuilt());
  step('End-to-end journeys (Playwright, Chromium)', () =>
    run('npm', ['run', 'test:e2e', '--workspace', 'tests']),
  );
  console.log('\nAll checks passed.');
}
