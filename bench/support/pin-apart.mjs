/**
 * Keeps servers under load and the load generator off each other's CPU (Linux, `taskset`): the
 * servers on the machine's last core, this process (the load generator) on the others. On a
 * small machine a generator sharing the servers' core starves them of requests, so they wait
 * for work instead of running flat out, and what a server can answer is not measured. Returns
 * what was done, in words, with `release()` to give this process every core again (what it
 * starts afterwards inherits its cores); null where it cannot be done (another system, one core,
 * no `taskset`).
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const pin = (cores, pid) => execFileSync('taskset', ['-apc', cores, String(pid)]);

export function pinApart(serverPids) {
  const cores = availableParallelism();
  if (process.platform !== 'linux' || cores < 2) return null;
  const last = cores - 1;
  const others = last === 1 ? '0' : `0-${last - 1}`;
  try {
    // -a: every thread of the process, not only its main one.
    for (const pid of serverPids) pin(String(last), pid);
    pin(others, process.pid);
  } catch {
    return null;
  }
  return {
    description: `servers on core ${last}, the load generator on core${last === 1 ? '' : 's'} ${others}`,
    release: () => pin(`0-${last}`, process.pid),
  };
}
