#!/usr/bin/env node
/**
 * Checks commit messages against the rule in scripts/lib/commit-message.mjs.
 *
 *   node scripts/check-commits.mjs                 every commit after FIRST_CHECKED_AFTER on HEAD
 *   node scripts/check-commits.mjs --message-file F  one message being written (the commit-msg hook)
 *
 * `npm test` runs the first form; scripts/git-hooks/commit-msg the second. A copy of the shop
 * without its git history (an unpacked archive) has nothing to check and says so.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { FIRST_CHECKED_AFTER, commitMessageProblems } from './lib/commit-message.mjs';
import { ROOT } from './lib/paths.mjs';

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

function report(label, problems) {
  console.error(`${label}:`);
  for (const problem of problems) console.error(`  - ${problem}`);
}

function checkMessageFile(file) {
  const problems = commitMessageProblems(readFileSync(file, 'utf8'));
  if (problems.length === 0) return 0;
  report(
    'This commit message does not follow the rule (docs/development.md#commit-messages)',
    problems,
  );
  return 1;
}

function checkHistory() {
  try {
    git('rev-parse', '--git-dir');
  } catch {
    console.log('Not a git checkout: no commit messages to check.');
    return 0;
  }
  try {
    git('cat-file', '-e', `${FIRST_CHECKED_AFTER}^{commit}`);
  } catch {
    console.log(
      `The history does not reach ${FIRST_CHECKED_AFTER.slice(0, 12)}: nothing to check.`,
    );
    return 0;
  }
  // NUL-separated: hash, then the raw message, for each commit after the starting point.
  const log = git('log', '-z', '--no-merges', '--format=%H%n%B', `${FIRST_CHECKED_AFTER}..HEAD`);
  const commits = log.split('\0').filter(Boolean);
  let failed = 0;
  for (const entry of commits) {
    const [hash, ...message] = entry.split('\n');
    const problems = commitMessageProblems(message.join('\n'));
    if (problems.length === 0) continue;
    failed += 1;
    report(`${hash.slice(0, 12)} "${message[0]}"`, problems);
  }
  console.log(`${commits.length - failed} of ${commits.length} commit messages follow the rule.`);
  return failed === 0 ? 0 : 1;
}

const fileFlag = process.argv.indexOf('--message-file');
process.exitCode =
  fileFlag === -1 ? checkHistory() : checkMessageFile(process.argv[fileFlag + 1] ?? '');
