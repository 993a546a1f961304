/**
 * Each commerce table written by its owner only (docs/adr/0045-each-table-written-by-its-owner.md):
 * finds every insert, update and delete in the commerce service's code (Kysely's `insertInto`,
 * `updateTable`, `deleteFrom`, `replaceInto`, `mergeInto`, and the same words in `sql`
 * templates) and fails when the file's part is not the table's owner in
 * commerce-service/src/db/table-owners.ts.
 * `npm run lint` runs it.
 *
 *   node scripts/check-table-owners.mjs
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/paths.mjs';
import TEST_CODE_PATTERNS from './lib/test-code.cjs';

const SOURCE = 'commerce-service/src';
const TEST_CODE = new RegExp(TEST_CODE_PATTERNS.join('|'));

const KYSELY_WRITE =
  /\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`](\w+)/g;
const SQL_TEMPLATE = /\bsql(?:<[^`]*?>)?`([^`]*)`/g;
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi;

/** The tables a file's code writes, each with the line it is written on. */
export function tableWritesOf(source) {
  const lineOf = (index) => source.slice(0, index).split('\n').length;
  const writes = [];
  for (const match of source.matchAll(KYSELY_WRITE))
    writes.push({ table: match[1], line: lineOf(match.index) });
  for (const template of source.matchAll(SQL_TEMPLATE))
    for (const match of template[1].matchAll(SQL_WRITE))
      writes.push({ table: match[1].toLowerCase(), line: lineOf(template.index + match.index) });
  return writes;
}

/** The part of the service a file belongs to: its module, or the file of src/ it is. */
export function partOf(file) {
  const relative = path.posix.relative(SOURCE, file);
  const module = /^modules\/([^/]+)\//.exec(relative)?.[1];
  if (module) return module;
  return relative.split('/')[0].replace(/\.ts$/, '');
}

/** What breaks the rule: each write by a part that does not own its table, each write to a table nobody owns. */
export function ownershipProblems(files, owners) {
  const problems = [];
  for (const { file, source } of files) {
    const by = partOf(file);
    for (const { table, line } of tableWritesOf(source)) {
      const owner = owners[table];
      if (owner === undefined)
        problems.push(`${file}:${line}: writes ${table}, which table-owners.ts gives no owner`);
      else if (owner !== by)
        problems.push(`${file}:${line}: ${by} writes ${table}, which ${owner} owns`);
    }
  }
  return problems;
}

/** The service's own code: no tests, no migrations (they make the tables). */
export function serviceFiles() {
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
      const file = path.posix.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (file !== `${SOURCE}/db/migrations`) walk(file);
      } else if (file.endsWith('.ts') && !TEST_CODE.test(file)) {
        files.push({ file, source: readFileSync(path.join(ROOT, file), 'utf8') });
      }
    }
  };
  walk(SOURCE);
  return files;
}

async function main() {
  const { TABLE_OWNERS } = await import(path.join(ROOT, SOURCE, 'db/table-owners.ts'));
  const problems = ownershipProblems(serviceFiles(), TABLE_OWNERS);
  if (problems.length === 0) return;
  for (const problem of problems) console.error(problem);
  console.error(
    `\n${problems.length} write(s) break the table owners of ${SOURCE}/db/table-owners.ts: ask the owner through its service.ts.`,
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
