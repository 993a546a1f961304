/**
 * The rule for commit messages (docs/development.md#commit-messages): a subject of at most 72
 * characters in the imperative, then a blank line and a body that says why.
 */

export const SUBJECT_MAX = 72;

/** Commits before this one were written under no rule; every later one is checked. */
export const FIRST_CHECKED_AFTER = 'c8380c8c17c00af54ee7c9326a43b92d40bb7aa6';

// Verbs that end like a past tense or a gerund but are imperatives themselves.
const IMPERATIVES_THAT_LOOK_OTHERWISE = new Set(['embed', 'shed', 'string']);

/** Why the first word does not read as an imperative ("Adds", "Added", "Adding"), or null. */
function notImperative(word) {
  const lower = word.toLowerCase();
  if (IMPERATIVES_THAT_LOOK_OTHERWISE.has(lower)) return null;
  if (/[^aeiou]ed$/.test(lower) || /ied$/.test(lower)) return 'a past tense';
  if (/ing$/.test(lower) && lower.length > 5) return 'a gerund';
  // "Adds", "Makes", "Fixes"; not "Pass", "Focus", "Process", "Bias".
  if (/[^su]s$/.test(lower) && !/(ss|us|is|as)$/.test(lower)) return 'a third person';
  return null;
}

/**
 * The problems of one commit message, empty when it follows the rule. Comment lines (`#`),
 * which git strips from a message being written, are ignored.
 */
export function commitMessageProblems(message) {
  const lines = message
    .replace(/\r\n/g, '\n')
    .split('\n')
    .filter((line) => !line.startsWith('#'));
  while (lines.length && lines.at(-1).trim() === '') lines.pop();
  const subject = lines[0] ?? '';
  const problems = [];
  if (subject.trim() === '') return ['the subject line is empty'];
  if (/^(Merge|Revert) /.test(subject)) return [];
  if (subject.length > SUBJECT_MAX)
    problems.push(`the subject is ${subject.length} characters long; at most ${SUBJECT_MAX}`);
  if (/[.!?:;,]$/.test(subject)) problems.push('the subject ends with punctuation');
  const first = subject.split(/\s+/)[0];
  if (!/^[A-Z]/.test(first)) problems.push('the subject does not start with a capital letter');
  const tense = notImperative(first.replace(/[^\p{L}]/gu, ''));
  if (tense)
    problems.push(
      `the subject starts with ${tense} ("${first}"): write it as a command ("Add", "Fix")`,
    );
  if (lines.length < 2) {
    problems.push('there is no body: add a blank line, then say why');
  } else if (lines[1].trim() !== '') {
    problems.push('the second line is not blank: the subject is one line, then a blank line');
  } else if (lines.slice(2).every((line) => line.trim() === '')) {
    problems.push('there is no body: say why after the blank line');
  }
  return problems;
}
