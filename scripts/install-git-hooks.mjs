#!/usr/bin/env node
/**
 * Points git at scripts/git-hooks (the commit-msg check), run by `npm ci` as the root's
 * `prepare` script. Outside a git checkout (an image build, an unpacked archive) it does nothing.
 */
import { execFileSync } from 'node:child_process';
import { ROOT } from './lib/paths.mjs';

try {
  execFileSync('git', ['rev-parse', '--git-dir'], { cwd: ROOT, stdio: 'ignore' });
  execFileSync('git', ['config', 'core.hooksPath', 'scripts/git-hooks'], { cwd: ROOT });
} catch {
  // No git, or not a checkout: there is nothing to hook into.
}
