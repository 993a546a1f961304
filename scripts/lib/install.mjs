/** Installs the workspaces' dependencies when node_modules is missing or older than the lockfile. */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';
import { run } from './run.mjs';

export function needsInstall() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return true;
  return statSync(marker).mtimeMs < statSync(path.join(ROOT, 'package-lock.json')).mtimeMs;
}

export function ensureInstalled() {
  if (!needsInstall()) return;
  console.log('Installing dependencies (npm ci) ...');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}
