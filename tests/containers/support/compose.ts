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

export function podman(args: string[]): string {
  return execFileSync('podman', args, {
    env: env(),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** podman for podman-compose, with the wait for health that podman 4.3 lacks. */
const PODMAN_FOR_COMPOSE = path.join(REPO_DIR, 'tests/containers/podman-for-compose.sh');

const composeArgs = (args: string[], files: string[]) => [
  '--podman-path',
  PODMAN_FOR_COMPOSE,
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
 * the command's standard input, and its standard output comes back as bytes. The journey runs
 * `podman exec -i` on the service's container, which is what compose's `exec -T` does, so that
 * nothing podman-compose logs can reach a dump.
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

/**
 * Run inside a container by waitUntilReaches: connects to each port of the host named in its
 * arguments, again each second until all answer or 90 s have passed; prints the milliseconds
 * it took, or the last failure (and exits with 1).
 */
const REACH_SCRIPT = `
const net = require('node:net');
const [host, ...ports] = process.argv.slice(1);
const started = Date.now();
const reach = (port) => new Promise((ok, fail) => {
  const socket = net.connect({ host, port: Number(port), timeout: 3000 }, () => { socket.end(); ok(); });
  socket.on('timeout', () => { socket.destroy(); fail(new Error(host + ':' + port + ' gave no answer in 3 s')); });
  socket.on('error', (error) => fail(new Error(host + ':' + port + ': ' + error.code)));
});
(async () => {
  let last;
  while (Date.now() - started < 90000) {
    try { await Promise.all(ports.map(reach)); console.log(Date.now() - started); return; }
    catch (error) { last = error; await new Promise((wait) => setTimeout(wait, 1000)); }
  }
  console.error(String(last));
  process.exit(1);
})();
`;

/**
 * Waits until the service's container connects to each port of `host` on compose's network;
 * the milliseconds that took. Throws with the last failure after 90 s.
 */
export function waitUntilReaches(service: string, host: string, ports: readonly number[]): number {
  const output = composeExec(service, ['node', '-e', REACH_SCRIPT, host, ...ports.map(String)]);
  return Number(output.toString().trim());
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

/**
 * Waits until every container of the service passes its image's or compose's health check, as
 * podman-compose waits for a `service_healthy` dependency: through podman-for-compose.sh, which
 * runs each container's check until it passes (podman schedules checks from systemd timers,
 * which these machines lack). A service that never gets healthy throws with its last logs.
 */
export function waitHealthy(service: string) {
  const names = containersOf(service);
  if (names.length === 0) throw new Error(`${service} has no running container`);
  try {
    execFileSync(PODMAN_FOR_COMPOSE, ['wait', '--condition=healthy', ...names], {
      env: env(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch {
    const logs = names.map((name) => `--- ${name}\n${logsOf(name)}`).join('\n');
    throw new Error(`${service} was not healthy\n${logs}`);
  }
}

/** Seconds since `started` (Date.now()), to a tenth. */
export const secondsSince = (started: number) => Math.round((Date.now() - started) / 100) / 10;

/** The services in the order of compose's depends_on: a group starts once the last is healthy. */
export const START_ORDER = [
  ['postgres', 'redis', 'stand-ins'],
  ['cms', 'commerce-service'],
  ['storefront'],
  ['nginx'],
] as const;

/**
 * Starts the services group by group, each group once the one before is healthy (the order
 * of compose's depends_on), and returns how many seconds after its group's start each service
 * was healthy.
 */
export function startInOrder(groups: readonly (readonly string[])[]): Record<string, number> {
  const healthyAfter: Record<string, number> = {};
  for (const group of groups) {
    const started = Date.now();
    compose(['up', '-d', '--no-build', ...group]);
    for (const service of group) {
      waitHealthy(service);
      healthyAfter[service] = secondsSince(started);
    }
  }
  return healthyAfter;
}

/** The last lines a container wrote. */
export function logsOf(name: string, lines = 60): string {
  try {
    return podman(['logs', '--tail', String(lines), name]);
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
