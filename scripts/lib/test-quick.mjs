/**
 * `npm run test:quick`: what a developer runs while working, in a few minutes: formatting and
 * lint of the changed files, the types of the changed workspaces (and of those that import a
 * changed package), and the jest tests that the changes reach (jest's `--changedSince`). The
 * journeys and the builds are left to `npm test` (docs/development.md#the-test-lanes).
 *
 *   npm run test:quick                   changes against HEAD, committed or not
 *   npm run test:quick -- --base main~3  everything since main~3 as well
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGES, ROOT, SERVICES } from './paths.mjs';
import { runSideBySide, workspaceScript } from './run.mjs';

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
const lines = (text) => text.split('\n').filter(Boolean);

const WORKSPACES = [...PACKAGES, ...SERVICES, 'tests'];
const WITH_TESTS = new Set([...PACKAGES, ...SERVICES]);
const LINTED = /\.(ts|tsx|mts|mjs|cjs|js)$/;

function changedFiles(base) {
  const changed = [
    ...lines(git('diff', '--name-only', '--diff-filter=d', base)),
    ...lines(git('ls-files', '--others', '--exclude-standard')),
  ];
  return [...new Set(changed)].filter((file) => existsSync(path.join(ROOT, file)));
}

/** The workspaces whose package.json names the given workspace's package. */
function importersOf(workspace) {
  const manifest = (folder) =>
    JSON.parse(readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8'));
  const { name } = manifest(workspace);
  return WORKSPACES.filter((other) => {
    const { dependencies = {}, devDependencies = {} } = manifest(other);
    return name in dependencies || name in devDependencies;
  });
}

const workspaceOf = (file) => WORKSPACES.find((workspace) => file.startsWith(`${workspace}/`));

export async function testQuick(argv) {
  const baseFlag = argv.indexOf('--base');
  const base = baseFlag === -1 ? 'HEAD' : argv[baseFlag + 1];
  const files = changedFiles(base);
  if (files.length === 0) {
    console.log(
      `Nothing has changed since ${base}: nothing to check (--base REV looks further back).`,
    );
    return;
  }
  const changed = new Set(files.map(workspaceOf).filter(Boolean));
  const typed = new Set([...changed, ...[...changed].flatMap(importersOf)]);
  console.log(
    `${files.length} files changed since ${base}, in ${[...changed].join(', ') || 'the root'}.`,
  );
  const linted = files.filter((file) => LINTED.test(file));
  const started = Date.now();
  await runSideBySide([
    // The slowest first, so that the others fill the second core beside it.
    ...[...typed]
      .sort((a, b) => (b === 'storefront') - (a === 'storefront'))
      .map((workspace) => workspaceScript(`types ${workspace}`, workspace, 'typecheck')),
    ...[...changed]
      .filter((workspace) => WITH_TESTS.has(workspace))
      .map((workspace) =>
        workspaceScript(`tests ${workspace}`, workspace, 'test', [
          `--changedSince=${base}`,
          '--passWithNoTests',
        ]),
      ),
    ...(linted.length
      ? [{ name: 'lint', command: 'npx', args: ['eslint', '--max-warnings=0', ...linted] }]
      : []),
    { name: 'references', command: 'node', args: ['scripts/check-references.mjs'] },
    {
      name: 'format',
      command: 'npx',
      args: ['prettier', '--check', '--ignore-unknown', ...files],
    },
  ]);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\nThe quick lane passed in ${seconds} s.`);
}
