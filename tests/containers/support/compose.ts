/**
 * The container journey's hands on the compose run: podman-compose over docker-compose.yml and
 * the stand-ins, under one project name, with the journey's production settings in the
 * environment (journey-settings.ts), and podman itself for what compose does not offer.
 * podman-compose runs podman through podman-for-compose.sh, which waits for health as podman
 * 4.3 cannot (README.md beside this folder).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, closeSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_DIR = path.resolve(import.meta.dirname, '../../..');
export const PROJECT = process.env.JOURNEY_PROJECT ?? 'abajourney';
export const CONTAINERS_CONF =
  process.env.CONTAINERS_CONF ?? path.join(REPO_DIR, 'tests/containers/containers.conf');

const env = () => ({ ...process.env, CONTAINERS_CONF, BUILDAH_FORMAT: 'docker' });

export function podman(args: string[], input?: Buffer | string): string {
  return execFileSync('podman', args, {
    env: env(),
    input,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

const composeArgs = (args: string[], files: string[]) => [
  '--podman-path',
  path.join(REPO_DIR, 'tests/containers/podman-for-compose.sh'),
  '-p',
  PROJECT,
  '-f',
  path.join(REPO_DIR, 'docker-compose.yml'),
  '-f',
  path.join(REPO_DIR, 'tests/containers/compose.stand-ins.yml'),
  ...files.flatMap((file) => ['-f', file]),
  ...args,
];

/**
 * `podman-compose <args>` on the shop's compose file, the stand-ins and any further override
 * files. What it prints (every podman command, the merged compose file, the image builds) goes
 * to compose.log in the journey's folder; a failure throws with its last lines.
 */
export function compose(args: string[], files: string[] = []) {
  const log = path.join(process.env.JOURNEY_WORK_DIR ?? tmpdir(), 'compose.log');
  appendFileSync(log, `\n$ podman-compose ${args.join(' ')}\n`);
  const output = openSync(log, 'a');
  try {
    execFileSync('podman-compose', composeArgs(args, files), {
      cwd: REPO_DIR,
      env: env(),
      stdio: ['ignore', output, output],
    });
  } catch (error) {
    const tail = readFileSync(log, 'utf8').split('\n').slice(-40).join('\n');
    throw new Error(`podman-compose ${args.join(' ')} failed (${log}):\n${tail}`, {
      cause: error,
    });
  } finally {
    closeSync(output);
  }
}

/**
 * `docker compose exec -T <service> <command>`, as the README's backup runs it: `input` goes to
 * the command's standard input, and its standard output comes back as bytes. podman-compose 1.0
 * prints its own lines into the output of what it runs, so the journey runs `podman exec -i` on
 * the service's container, which is what compose's `exec -T` does.
 */
export function composeExec(service: string, command: string[], input?: Buffer): Buffer {
  const [container] = containersOf(service);
  if (!container) throw new Error(`${service} has no running container`);
  return execFileSync('podman', ['exec', '-i', container, ...command], {
    env: env(),
    input,
    maxBuffer: 1024 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

/** The running containers of one service, by name. */
export function containersOf(service: string): string[] {
  return podman([
    'ps',
    '--filter',
    `label=io.podman.compose.project=${PROJECT}`,
    '--filter',
    `label=com.docker.compose.service=${service}`,
    '--format',
    '{{.Names}}',
  ])
    .split('\n')
    .filter(Boolean)
    .sort();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until every container of the service passes its image's or compose's health check and
 * returns how long that took. podman runs health checks from systemd timers, which this machine
 * lacks, so the journey runs each check itself, as Docker's engine would on its interval.
 */
export async function waitHealthy(service: string, timeoutMs = 300_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const names = containersOf(service);
    const healthy = names.filter((name) => {
      try {
        podman(['healthcheck', 'run', name]);
        return true;
      } catch {
        return false;
      }
    });
    if (names.length > 0 && healthy.length === names.length) return Date.now() - started;
    if (Date.now() - started > timeoutMs) {
      const logs = names.map((name) => `--- ${name}\n${logsOf(name)}`).join('\n');
      throw new Error(`${service} was not healthy after ${timeoutMs / 1000} s\n${logs}`);
    }
    await sleep(1000);
  }
}

/** The last lines a container wrote. */
export function logsOf(name: string, lines = 60): string {
  try {
    return execFileSync('podman', ['logs', '--tail', String(lines), name], {
      env: env(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    return String(error);
  }
}

/** Removes every container, network and volume of the project, whatever state it is in. */
export function removeProject() {
  const label = `label=io.podman.compose.project=${PROJECT}`;
  const list = (kind: string[]) =>
    podman([...kind, '--filter', label, '--format', '{{.Name}}'])
      .split('\n')
      .filter(Boolean);
  const containers = podman(['ps', '-a', '--filter', label, '--format', '{{.Names}}'])
    .split('\n')
    .filter(Boolean);
  // podman-compose ties a container to those it depends on: --depend removes them in order.
  if (containers.length) podman(['rm', '-f', '--depend', '-t', '2', ...containers]);
  const volumes = list(['volume', 'ls']);
  if (volumes.length) podman(['volume', 'rm', '-f', ...volumes]);
  const networks = list(['network', 'ls']);
  if (networks.length) podman(['network', 'rm', '-f', ...networks]);
}
