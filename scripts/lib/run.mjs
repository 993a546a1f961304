import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ROOT } from './paths.mjs';

function failure(command, args, status) {
  const error = new Error(`\`${[command, ...args].join(' ')}\` failed (exit ${status})`);
  error.exitCode = typeof status === 'number' ? status : 1;
  return error;
}

/** Runs a command in the repository, streaming its output; throws when it fails. */
export function run(command, args, options = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) throw failure(command, args, result.status ?? result.signal);
}

/**
 * Runs commands side by side, at most `concurrency` at once, each line of their output
 * printed as it comes with the command's name before it. Resolves with each command's seconds
 * once all have ended; rejects with the first failure, after all have ended.
 *
 * @param {{ name: string, command: string, args: string[], env?: NodeJS.ProcessEnv }[]} jobs
 */
export async function runSideBySide(jobs, { concurrency = 2 } = {}) {
  const seconds = {};
  const failures = [];
  const queue = [...jobs];
  const width = Math.max(...jobs.map(({ name }) => name.length));
  const runOne = ({ name, command, args, env }) =>
    new Promise((resolve) => {
      const started = Date.now();
      const prefix = `[${name.padEnd(width)}] `;
      console.log(`\n${prefix}$ ${[command, ...args].join(' ')}`);
      const child = spawn(command, args, {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (line) => console.log(prefix + line));
      }
      child.on('close', (status, signal) => {
        seconds[name] = (Date.now() - started) / 1000;
        console.log(
          `${prefix}ended (${status === 0 ? 'passed' : 'failed'}) in ${seconds[name].toFixed(1)} s`,
        );
        if (status !== 0) failures.push(failure(command, args, status ?? signal));
        resolve();
      });
    });
  const lane = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await runOne(job);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, lane));
  if (failures.length) throw failures[0];
  return seconds;
}

/** A job for runSideBySide: one workspace's npm script, with arguments for it after `--`. */
export const workspaceScript = (name, workspace, script, args = []) => ({
  name,
  command: 'npm',
  args: [
    'run',
    script,
    '--silent',
    '--workspace',
    workspace,
    ...(args.length ? ['--', ...args] : []),
  ],
});
