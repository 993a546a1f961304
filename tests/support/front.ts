/**
 * nginx in front of storefront replicas, configured by the very file compose mounts
 * (docker/nginx/shop.conf, ADR 0021): a temporary prefix folder holds an nginx.conf of its
 * own that includes that file, and a shop.d/ beside it naming this run's replicas, a cache
 * folder and a loopback port, as docker/nginx/shop.d/ does for compose.
 */
import { spawn } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './stack.ts';

const SHOP_CONF = path.resolve(import.meta.dirname, '../../docker/nginx/shop.conf');

export interface RunningFront {
  url: string;
  port: number;
  /** Stops nginx (by its process id) and removes its folder; the log stays readable. */
  stop(): Promise<void>;
  /**
   * What nginx wrote, in order: its errors and warnings, and a line per request in the
   * shop's own access log format (docker/nginx/shop.conf, `shop_access`).
   */
  log(): string;
}

/** A request in the log of a front. */
export interface FrontRequest {
  status: number;
  /** HIT, MISS, BYPASS…, or - where the cache is never consulted. */
  cache: string;
  /** The path as the access log keeps it: no query string, secrets in it masked. */
  path: string;
  /** The replicas nginx tried, in order ("127.0.0.1:port"); none for an answer from the cache. */
  upstreams: string[];
}

/** The requests in a front's log (the lines its access log format writes). */
export function requestsInLog(log: string): FrontRequest[] {
  const line = /^\S+ \[[^\]]*\] "\S+ (\S+) [^"]*" (\d{3}) .* cache=(\S+) upstream=(.*)$/gm;
  return [...log.matchAll(line)].map(([, path, status, cache, upstreams]) => ({
    status: Number(status),
    cache: cache ?? '',
    path: path ?? '',
    upstreams: upstreams === '-' ? [] : (upstreams ?? '').split(', '),
  }));
}

/** Debian's nginx (`apt-get install nginx`), on the PATH or in /usr/sbin; undefined without. */
export function findNginx(): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin'];
  for (const folder of folders.filter(Boolean)) {
    const candidate = path.join(folder, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/** Resolves once something listens on the port; rejects as soon as nginx has exited. */
async function waitUntilListening(port: number, exited: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('nginx exited');
    const listening = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (listening) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on port ${port} within ${timeoutMs} ms`);
}

/**
 * @param options.storefrontPorts the replicas on 127.0.0.1, in the upstream's order
 * @param options.cacheDir the micro-cache's folder (default: one inside the prefix folder)
 */
export async function startFront(options: {
  storefrontPorts: number[];
  cacheDir?: string;
  /**
   * Whether nginx writes a line per request to the log (default): off for a benchmark that
   * holds it against nginx serving files, which logs nothing either.
   */
  accessLog?: boolean;
  /** A port chosen beforehand (the CMS's webhook goes to the front); by default a free one. */
  port?: number;
}): Promise<RunningFront> {
  const nginx = findNginx();
  if (!nginx) {
    throw new Error(
      'nginx is not installed, so the front cannot be tested: `apt-get install nginx` (Debian); .ci/run installs it.',
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-front-'));
  const port = options.port ?? (await freePort());
  const logFile = path.join(dir, 'nginx.log');
  const cacheDir = options.cacheDir ?? path.join(dir, 'cache');
  // Started as root, nginx's workers run as nobody: they write the cache and the buffers.
  chmodSync(dir, 0o755);
  const tempPaths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => ({
    directive: `${name}_temp_path`,
    folder: path.join(dir, 'temp', name),
  }));
  for (const folder of [cacheDir, ...tempPaths.map(({ folder }) => folder)]) {
    mkdirSync(folder, { recursive: true });
    chmodSync(folder, 0o777);
  }
  chmodSync(path.join(dir, 'temp'), 0o755);

  const shopD = path.join(dir, 'shop.d');
  mkdirSync(shopD);
  const servers = options.storefrontPorts.map(
    (replica) => `  server 127.0.0.1:${replica} max_fails=1 fail_timeout=10s;`,
  );
  writeFileSync(
    path.join(shopD, 'upstream.conf'),
    [
      'upstream shop_storefront {',
      ...servers,
      '  keepalive 32;',
      '  keepalive_timeout 4s;',
      '}',
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(shopD, 'cache-path.conf'),
    `proxy_cache_path ${cacheDir} levels=1:2 keys_zone=shop_pages:1m max_size=64m inactive=10m use_temp_path=off;\n`,
  );
  writeFileSync(path.join(shopD, 'listen.conf'), `listen 127.0.0.1:${port};\nserver_name _;\n`);
  writeFileSync(
    path.join(shopD, 'access-log.conf'),
    options.accessLog === false ? 'access_log off;\n' : `access_log ${logFile} shop_access;\n`,
  );
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      'events { worker_connections 1024; }',
      'http {',
      ...tempPaths.map(({ directive, folder }) => `  ${directive} ${folder};`),
      `  include ${SHOP_CONF};`,
      '}',
      '',
    ].join('\n'),
  );

  const child = spawn(
    nginx,
    [
      '-p',
      dir,
      '-c',
      path.join(dir, 'nginx.conf'),
      '-g',
      `daemon off; pid ${path.join(dir, 'nginx.pid')}; error_log ${logFile} warn;`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = () => child.exitCode !== null || child.signalCode !== null;

  let finalLog: string | undefined;
  const log = () => {
    if (finalLog !== undefined) return finalLog;
    try {
      return stderr + readFileSync(logFile, 'utf8');
    } catch {
      return stderr;
    }
  };
  const stop = async () => {
    if (!exited()) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        // SIGTERM is nginx's fast shutdown; its workers go with the master.
        if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
        setTimeout(() => {
          if (!exited() && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
        }, 5_000).unref();
      });
    }
    finalLog ??= log();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await waitUntilListening(port, exited, 10_000);
  } catch (error) {
    const text = log();
    await stop();
    throw new Error(
      `nginx did not start: ${(error as Error).message}\n--- nginx log ---\n${text}`,
      {
        cause: error,
      },
    );
  }
  return { url: `http://127.0.0.1:${port}`, port, stop, log };
}
