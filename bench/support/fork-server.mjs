/**
 * Starts one of the benches' server scripts (in this folder) as a child process on a free port.
 * The handle comes back as soon as the child exists, so a caller can register it for stopping
 * before `ready` (the child's first message) settles.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function forkServer(script, env) {
  const port = await freePort();
  const child = fork(path.join(here, script), {
    env: { ...process.env, ...env, PORT: String(port) },
  });
  const ready = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, ready, stop: () => child.kill() };
}
