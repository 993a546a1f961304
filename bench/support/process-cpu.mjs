/**
 * The CPU time a server process has used, read from /proc (Linux): what a bench divides by the
 * requests it answered, a figure that does not move with the load generator's share of the CPU
 * as requests a second do on a small machine.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** User plus system CPU seconds the process has used so far. */
export function cpuSecondsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name, in parentheses, may hold spaces: the fields counted after its close.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return (utime + stime) / TICKS_PER_SECOND;
}

/** The process listening on this local TCP port. */
export function pidListeningOn(port) {
  const listing = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(listing)?.[1];
  if (!pid) throw new Error(`no process found listening on port ${port}`);
  return Number(pid);
}
