/**
 * Fails when a comment or a document names a repository path that does not exist, or a
 * `docs/….md#anchor` whose heading does not (docs/adr/0024-packages-and-layers.md). Run by
 * `npm run lint`.
 *
 * A path is read where it is written: from the repository's root, from the file's own folder or
 * from any folder above it (a comment in commerce-service/src/app.ts may say `plugins/errors.ts`
 * or `src/plugins/errors.ts`). A bare file name (`products.json`) must exist somewhere.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/paths.mjs';

const EXTENSIONS = 'ts|tsx|mts|mjs|cjs|js|json|md|yml|yaml|sh|css|conf|html|svg|txt|env';
const FILE_NAME = new RegExp(`^[\\w.-]+\\.(?:${EXTENSIONS})$`);
/** What a build or a run makes: named in prose, never in the repository. */
const GENERATED =
  /(^|\/)(\.env[\w.]*|next-env\.d\.ts)$|(?:^|\/)(node_modules|dist|build|\.next|\.data|\.tmp|\.strapi|\.cache|test-results|playwright-report|coverage)(\/|$)/;
const SOURCE = /\.(ts|tsx|mts|mjs|cjs|js)$/;
const HASH_COMMENTED =
  /(\.(sh|ya?ml|conf|env|example)|(^|\/)(Dockerfile|\.dockerignore|\.gitignore|\.npmrc|run))$/;

function trackedFiles() {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(
      (file) =>
        file && existsSync(path.join(ROOT, file)) && statSync(path.join(ROOT, file)).isFile(),
    );
}

/** The comments of a source file, each with the line it starts on. */
function comments(text, file) {
  const found = [];
  const lineAt = (index) => text.slice(0, index).split('\n').length;
  if (SOURCE.test(file)) {
    for (const match of text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g))
      found.push({ text: match[0], line: lineAt(match.index) });
  } else if (HASH_COMMENTED.test(file)) {
    for (const match of text.matchAll(/(?:^|\s)#[^\n]*/g))
      found.push({ text: match[0], line: lineAt(match.index) });
  } else if (file.endsWith('.md')) {
    found.push({ text, line: 1 });
  }
  return found;
}

/**
 * Path-like words: a file name with a known ending, or segments the first of which is a folder
 * of the repository (so that `req/s` and `text/html` are prose, and `plugins/errors.ts` a path).
 */
function pathsIn(text, folders) {
  const words = [];
  for (const match of text.matchAll(
    /(?<![\w@/.:~$-])(?:\.{1,2}\/)?[\w.-]+(?:\/[\w.-]+)*\/?(?:#[\w-]+)?/g,
  )) {
    const word = match[0].replace(/[.,:;]+(?=#|$)/, '');
    const [target] = word.split('#');
    const following = text[match.index + match[0].length] ?? '';
    if (/[…<>*{}$[\\]/.test(following) || following === '/') continue;
    if (/^\d/.test(target) || target.endsWith('-') || GENERATED.test(target)) continue;
    const segments = target.replace(/\/$/, '').split('/');
    const named = FILE_NAME.test(segments.at(-1) ?? '');
    const isPath =
      segments.length > 1
        ? segments.every((segment) => /^[\w.-]+$/.test(segment)) &&
          (named || folders.has(segments[0].replace(/^\.+$/, '')) || /^\.{1,2}$/.test(segments[0]))
        : FILE_NAME.test(target);
    if (!isPath) continue;
    words.push({ word, index: match.index });
  }
  return words;
}

/** A Markdown file's anchors: its headings as GitHub names them, and its explicit ids. */
function headingAnchors(file) {
  const text = readFileSync(file, 'utf8');
  const anchors = new Set();
  for (const match of text.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    anchors.add(
      match[1]
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    );
  }
  for (const match of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
  return anchors;
}

export function danglingReferences(files = trackedFiles()) {
  const basenames = new Set(files.map((file) => path.basename(file)));
  const folders = new Set(
    files.flatMap((file) => path.dirname(file).split('/')).filter((name) => name !== '.'),
  );
  // Where a workspace's own paths start: a comment in one may name `lib/…` or `src/…`.
  const roots = files
    .filter((file) => path.basename(file) === 'package.json')
    .flatMap((file) => [path.dirname(file), path.join(path.dirname(file), 'src')]);
  // Each document's anchors, read once however often it is cited.
  const anchorsOf = new Map();
  const hasAnchor = (file, anchor) => {
    if (!anchorsOf.has(file)) anchorsOf.set(file, headingAnchors(path.join(ROOT, file)));
    return anchorsOf.get(file).has(anchor);
  };
  const problems = [];
  for (const file of files) {
    if (file.startsWith('package-lock') || file.endsWith('.json')) continue;
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const comment of comments(text, file)) {
      for (const { word, index } of pathsIn(comment.text, folders)) {
        const [target, anchor] = word.split('#');
        const clean = target.replace(/\/$/, '');
        let found;
        if (!clean.includes('/')) {
          found = basenames.has(clean) ? clean : undefined;
        } else {
          for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
            const candidate = path.normalize(path.join(dir, clean));
            if (existsSync(path.join(ROOT, candidate))) {
              found = candidate;
              break;
            }
            if (dir === '.' || dir === '') break;
          }
          // A library's own file, as in `next/dist/…`.
          if (!found && existsSync(path.join(ROOT, 'node_modules', clean))) found = clean;
          found ??= roots
            .map((root) => path.normalize(path.join(root, clean)))
            .find((candidate) => existsSync(path.join(ROOT, candidate)));
        }
        const at = `${file}:${comment.line + comment.text.slice(0, index).split('\n').length - 1}`;
        if (!found) {
          if (clean.includes('/') || /\.md$/.test(clean))
            problems.push(`${at}: ${word} does not exist`);
        } else if (anchor && found.endsWith('.md') && !hasAnchor(found, anchor)) {
          problems.push(`${at}: ${found} has no heading #${anchor}`);
        }
      }
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = danglingReferences();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} reference(s) name nothing: correct or remove them.`);
    process.exit(1);
  }
}
