/**
 * Jest's global set-up for the commerce tests: once per run, a database the app has started on
 * and the sample eBook files (./make-template.ts, in a process of its own). Every test file
 * then starts from copies (./database.ts): a PostgreSQL `CREATE DATABASE … TEMPLATE` or a copy
 * of the SQLite file, and a copy of the files, instead of migrating a new database and
 * rendering two audiobooks of its own. The global teardown removes both.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEMPLATE_ENV } from './database.ts';

export default function globalSetup() {
  const folder = mkdtempSync(path.join(tmpdir(), 'commerce-test-template-'));
  const name = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'make-template.ts'), folder],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  ).trim();
  // Read by the workers, which jest starts after this set-up, with its environment.
  process.env[TEMPLATE_ENV.folder] = folder;
  if (name) process.env[TEMPLATE_ENV.postgres] = name;
  else process.env[TEMPLATE_ENV.sqlite] = path.join(folder, 'commerce.sqlite');
}
