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

interface ServiceDefinition {
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

const LOCATION_VARIABLES = [
  'CMS_URL',
  'COMMERCE_URL',
  'SITE_URL',
  'STOREFRONT_URL',
  'CMS_PUBLIC_URL',
  'DATA_DIR',
  'CMS_DATA_DIR',
  'DATABASE_URL',
  'CMS_DATABASE_URL',
];

function freePort(): Promise<number> {
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

/**
 * @param options.dataDir an existing data directory to start on (kept at stop); by default a
 *   fresh temporary one, removed at stop.
 */
export async function startStack(options: { dataDir?: string } = {}): Promise<RunningStack> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const ports = { storefront: await freePort(), commerce: await freePort(), cms: await freePort() };
  // The stack is self-contained: addresses and data locations from a developer's .env or
  // shell must not point it at another running shop.
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries({ ...process.env, NODE_ENV: 'test' }).filter(
      ([name]) => !LOCATION_VARIABLES.includes(name),
    ),
  );
  const services = serviceDefinitions({
    mode: 'start',
    dataDir,
    ports,
    env,
  }) as ServiceDefinition[];

  const children = services.map((service) => {
    const log = path.join(dataDir, `${service.name}.log`);
    const child = spawn(service.command, {
      cwd: service.cwd,
      env: service.env,
      shell: true,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = createWriteStream(log);
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
    return { service, child, log };
  });

  const stop = async () => {
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.pid === undefined) return resolve();
            child.once('exit', () => resolve());
            process.kill(-child.pid, 'SIGTERM');
            setTimeout(() => {
              if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
            }, 10_000).unref();
          }),
      ),
    );
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const waitFor = async ({ service, child, log }: (typeof children)[number]) => {
    try {
      await waitUntilAnswering(service.readyUrl, child, 180_000);
    } catch (error) {
      throw new Error(
        `The ${service.name} did not start: ${(error as Error).message}\n--- ${service.name} log ---\n${readFileSync(log, 'utf8').slice(-4000)}`,
      );
    }
  };
  try {
    // The storefront's pages read from the other two, so it is asked last.
    await Promise.all(children.filter(({ service }) => service.name !== 'storefront').map(waitFor));
    await Promise.all(children.filter(({ service }) => service.name === 'storefront').map(waitFor));
  } catch (error) {
    await stop();
    throw error;
  }

  const local = (port: number) => `http://127.0.0.1:${port}`;
  return {
    dataDir,
    urls: {
      storefront: local(ports.storefront),
      commerce: local(ports.commerce),
      cms: local(ports.cms),
    },
    stop,
  };
}
