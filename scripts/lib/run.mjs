import { spawnSync } from 'node:child_process';
import { ROOT } from './paths.mjs';

/** Runs a command in the repository, streaming its output; throws when it fails. */
export function run(command, args, options = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    const error = new Error(
      `\`${[command, ...args].join(' ')}\` failed (exit ${result.status ?? result.signal})`,
    );
    error.exitCode = result.status ?? 1;
    throw error;
  }
}
