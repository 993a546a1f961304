/** The commit-message rule and its command (node --test, run by `npm test`). */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SUBJECT_MAX, commitMessageProblems } from './lib/commit-message.mjs';

const BODY = '\n\nThe journeys waited for a stack of their own; sharing one saves a minute.\n';
const subjectOf = (length) => `Share one stack ${'x'.repeat(length - 'Share one stack '.length)}`;

test('a subject of 72 characters passes and one of 73 fails', () => {
  assert.equal(subjectOf(SUBJECT_MAX).length, 72);
  assert.deepEqual(commitMessageProblems(subjectOf(72) + BODY), []);
  assert.deepEqual(commitMessageProblems(subjectOf(73) + BODY), [
    'the subject is 73 characters long; at most 72',
  ]);
});

test('the subject is an imperative with a capital and no full stop', () => {
  assert.deepEqual(commitMessageProblems(`Cut the suite to fifteen minutes${BODY}`), []);
  for (const [subject, problem] of [
    ['Adds a quick lane', 'a third person'],
    ['Added a quick lane', 'a past tense'],
    ['Adding a quick lane', 'a gerund'],
    ['add a quick lane', 'capital letter'],
    ['Add a quick lane.', 'punctuation'],
  ]) {
    const problems = commitMessageProblems(subject + BODY);
    assert.ok(
      problems.some((text) => text.includes(problem)),
      `"${subject}": ${problems.join('; ')}`,
    );
  }
  for (const subject of ['Embed the pixel id at run time', 'Process mail in order', 'Focus tests'])
    assert.deepEqual(commitMessageProblems(subject + BODY), [], subject);
});

test('a body that says why follows one blank line', () => {
  assert.match(commitMessageProblems('Add a quick lane').join(), /no body/);
  assert.match(commitMessageProblems('Add a quick lane\n\n\n').join(), /no body/);
  assert.match(commitMessageProblems('Add a quick lane\nbecause').join(), /second line/);
  // git's comment lines are not part of the message
  assert.match(commitMessageProblems('Add a quick lane\n\n# Please enter').join(), /no body/);
});

test('the commit-msg hook refuses a 73-character subject and takes a good message', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'commit-msg-'));
  const script = fileURLToPath(new URL('./check-commits.mjs', import.meta.url));
  const check = (message) => {
    const file = path.join(folder, 'COMMIT_EDITMSG');
    writeFileSync(file, message);
    return spawnSync(process.execPath, [script, '--message-file', file], { encoding: 'utf8' });
  };
  try {
    const refused = check(subjectOf(73) + BODY);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /73 characters long/);
    assert.equal(check(subjectOf(72) + BODY).status, 0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
