/**
 * Starts the three built services on free ports with a fresh temporary data directory,
 * waits until each answers, and stops them again. Logs go to files in that directory and
 * are printed when a service fails to come up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serviceDefinitions } from '../../scripts/lib/services.mjs';
import { commerceServiceOnCatalogue, type ProductSeed } from './catalogue.ts';

export interface ServiceDefinition {
  name: string;
  cwd: string;
  command: string;
  env: NodeJS.ProcessEnv;
  readyUrl: string;
  url: string;
}

export interface RunningStack {
  dataDir: string;
  urls: Record<'storefront' | 'commerce' | 'cms', string>;
  stop(): Promise<void>;
}

// Addresses, data locations and outside services from a developer's shell are dropped: the
// journeys must never reach another running shop or a real chat model.
const LOCATION_VARIABLES = [
  'CHAT_API_URL',
  'CHAT_API_KEY',
  'META_PIXEL_ID',
  'CMS_URL',
  'COMMERCE_URL',
  'SITE_URL',
  'STOREFRONT_URL',
  'CMS_PUBLIC_URL',
  'TRUSTED_PROXIES',
  'DATA_DIR',
  'CMS_DATA_DIR',
  'DATABASE_URL',
  'CMS_DATABASE_URL',
  'REDIS_URL',
];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`did not answer ${url} within ${timeoutMs / 1000} s`);
}

export type Started = { service: ServiceDefinition; child: ChildProcess; log: string };

function spawnService(service: ServiceDefinition, dataDir: string): Started {
  const log = path.join(dataDir, `${service.name}.log`);
  const child = spawn(service.command, {
    cwd: service.cwd,
    env: service.env,
    shell: true,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Appended to: a service restarted by a fault test keeps its earlier lines.
  const out = createWriteStream(log, { flags: 'a' });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  return { service, child, log };
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Signals the service's whole process group; a group that is already gone is fine. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** SIGTERM (a clean shutdown, SIGKILL after 10 s) or SIGKILL (a crash); resolves on exit. */
export function stopService(
  { child }: Started,
  signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM',
): Promise<void> {
  return new Promise<void>((resolve) => {
    if (hasExited(child) || child.pid === undefined) return resolve();
    child.once('exit', () => resolve());
    signalGroup(child, signal);
    if (signal === 'SIGKILL') return;
    setTimeout(() => {
      if (!hasExited(child)) signalGroup(child, 'SIGKILL');
    }, 10_000).unref();
  });
}

async function waitForService({ service, child, log }: Started) {
  try {
    await waitUntilAnswering(service.readyUrl, child, 180_000);
  } catch (error) {
    throw new Error(
      `The ${service.name} did not start: ${(error as Error).message}\n--- ${service.name} log ---\n${readFileSync(log, 'utf8').slice(-4000)}`,
      { cause: error },
    );
  }
}

/** One service of the definitions, to start it on its own. */
export function pick(
  definitions: ServiceDefinition[],
  name: ServiceDefinition['name'],
): ServiceDefinition {
  const definition = definitions.find((service) => service.name === name);
  if (!definition) throw new Error(`No ${name} service is defined`);
  return definition;
}

/** Spawns one service and waits until it answers; one that does not come up is killed. */
export async function startService(service: ServiceDefinition, dataDir: string): Promise<Started> {
  const started = spawnService(service, dataDir);
  try {
    await waitForService(started);
  } catch (error) {
    await stopService(started, 'SIGKILL');
    throw error;
  }
  return started;
}

/** The environment of a self-contained stack: nothing from a developer's shell points elsewhere. */
export function isolatedEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries({ ...process.env, NODE_ENV: 'test' }).filter(
      ([name]) => !LOCATION_VARIABLES.includes(name),
    ),
  );
}

const local = (port: number) => `http://127.0.0.1:${port}`;

const stackUrls = (ports: Record<'storefront' | 'commerce' | 'cms', number>) => ({
  storefront: local(ports.storefront),
  commerce: local(ports.commerce),
  cms: local(ports.cms),
});

/**
 * @param options.dataDir an existing data directory to start on (kept at stop); by default a
 *   fresh temporary one, removed at stop.
 * @param options.env configuration on top of the isolated environment (the load bench runs the
 *   services as production, with itself as the trusted proxy: `TRUSTED_PROXIES`).
 */
export async function startStack(
  options: { dataDir?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<RunningStack> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const ports = { storefront: await freePort(), commerce: await freePort(), cms: await freePort() };
  const services = serviceDefinitions({
    mode: 'start',
    dataDir,
    ports,
    env: { ...isolatedEnv(), ...options.env },
  }) as ServiceDefinition[];
  const started = services.map((service) => spawnService(service, dataDir));

  const stop = async () => {
    await Promise.all(started.map((service) => stopService(service)));
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The storefront's pages read from the other two, so it is asked last.
    await Promise.all(
      started.filter(({ service }) => service.name !== 'storefront').map(waitForService),
    );
    await Promise.all(
      started.filter(({ service }) => service.name === 'storefront').map(waitForService),
    );
  } catch (error) {
    await stop();
    throw error;
  }

  return { dataDir, urls: stackUrls(ports), stop };
}

/**
 * A second storefront on the same build, reading the CMS and the commerce service at the given
 * ports: fault tests put a switchable proxy in front of a service this way. Its fetch cache is
 * keyed by those addresses, so it starts with nothing cached from the main storefront.
 * `stop('SIGKILL')` crashes it (a replica lost behind the front) instead of a clean shutdown.
 */
export async function startStorefront(options: {
  dataDir: string;
  cmsPort: number;
  commercePort: number;
  /** A port chosen beforehand, e.g. to give a commerce service this storefront's address. */
  port?: number;
  env?: NodeJS.ProcessEnv;
}): Promise<{ url: string; stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void> }> {
  const port = options.port ?? (await freePort());
  const definitions = serviceDefinitions({
    mode: 'start',
    dataDir: options.dataDir,
    ports: { storefront: port, commerce: options.commercePort, cms: options.cmsPort },
    env: { ...isolatedEnv(), ...options.env },
  }) as ServiceDefinition[];
  const started = await startService(
    { ...pick(definitions, 'storefront'), name: `storefront-${port}` },
    options.dataDir,
  );
  return { url: local(port), stop: (signal) => stopService(started, signal) };
}

export interface CommerceService {
  url: string;
  port: number;
  /** Its own data directory: the SQLite file, mail as .eml files, the log. */
  dataDir: string;
  /** Stops it: SIGTERM is a clean shutdown, SIGKILL a crash. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it again on the same port and data; resolves once /readyz answers. */
  start(): Promise<void>;
  /** Stops it and removes its data directory. */
  close(): Promise<void>;
}

/**
 * A commerce service of a fault test's own, on a free port and a fresh data directory, so that
 * the test can stop, kill or break it without touching the shared stack. It reuses the shared
 * stack's generated eBook files, which saves seconds at every start.
 *
 * @param options.port a port chosen beforehand (a storefront already points at it)
 * @param options.storefrontPort the storefront it sends buyers back to (default: the shared one)
 * @param options.env its configuration on top of the embedded defaults (Stripe, SMTP, database)
 */
export async function startCommerceService(
  options: { port?: number; storefrontPort?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<CommerceService> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-fault-commerce-'));
  const port = options.port ?? (await freePort());
  const sharedData = process.env.E2E_DATA_DIR;
  const storefrontPort =
    options.storefrontPort ?? Number(new URL(process.env.E2E_STOREFRONT_URL ?? local(3000)).port);
  const definitions = serviceDefinitions({
    mode: 'start',
    dataDir,
    ports: { storefront: storefrontPort, commerce: port, cms: 0 },
    env: {
      ...isolatedEnv(),
      ...(sharedData ? { ASSETS_DIR: path.join(sharedData, 'assets') } : {}),
      ...options.env,
    },
  }) as ServiceDefinition[];
  const definition = pick(definitions, 'commerce');

  let started: Started | undefined;
  const start = async () => {
    started = await startService(definition, dataDir);
  };
  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    if (started) await stopService(started, signal);
  };
  try {
    await start();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: local(port),
    port,
    dataDir,
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The commerce service's definition, running the built copy of `support/catalogue.ts` that
 * seeds `catalogue` instead of the shop's own products.
 */
function onCatalogue(
  definition: ServiceDefinition,
  dataDir: string,
  catalogue: ProductSeed[],
): ServiceDefinition {
  const builtEntry = 'dist/server.js';
  if (!definition.command.endsWith(builtEntry))
    throw new Error(`The commerce service no longer starts with ${builtEntry}`);
  const entry = commerceServiceOnCatalogue(path.join(dataDir, 'own-catalogue'), catalogue);
  return { ...definition, command: `${definition.command.slice(0, -builtEntry.length)}"${entry}"` };
}

/**
 * A commerce service and a storefront of their own, on the same builds and the running CMS,
 * with a fresh data directory (its mail in `<dataDir>/mail`): for journeys that use up
 * per-client limits such as the sign-in code requests, or that need another commerce
 * configuration (a fake Stripe) or another catalogue (`catalogue`, the products the service
 * seeds), without touching the shop the other journeys share.
 */
export async function startShopOnCms(options: {
  cmsPort: number;
  env?: NodeJS.ProcessEnv;
  catalogue?: ProductSeed[];
}): Promise<RunningStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-own-'));
  const ports = {
    storefront: await freePort(),
    commerce: await freePort(),
    cms: options.cmsPort,
  };
  const definitions = serviceDefinitions({
    mode: 'start',
    dataDir,
    ports,
    env: { ...isolatedEnv(), ...options.env },
  }) as ServiceDefinition[];
  const started: Started[] = [];
  const stop = async () => {
    await Promise.all(started.map((service) => stopService(service)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The storefront's pages read from the commerce service, so it starts second.
    for (const name of ['commerce', 'storefront'] as const) {
      let definition = pick(definitions, name);
      if (name === 'commerce' && options.catalogue)
        definition = onCatalogue(definition, dataDir, options.catalogue);
      started.push(await startService({ ...definition, name: `${name}-${ports[name]}` }, dataDir));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { dataDir, urls: stackUrls(ports), stop };
}
