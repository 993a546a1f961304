/**
 * The shop as several machines run it (docs/scaling.md): nginx (docker/nginx/shop.conf) in
 * front of two storefront replicas, each reading one of two commerce replicas, one CMS whose
 * publish webhook goes through the front, one fresh PostgreSQL database and one Redis shared by
 * all (a key prefix of the run's own). The replica journey and `npm run bench:replicas` run on it.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { localSecrets, serviceDefinitions } from '../../scripts/lib/services.mjs';
import { startFront } from './front.ts';
import {
  freePort,
  isolatedEnv,
  pick,
  startService,
  stopService,
  type ServiceDefinition,
  type Started,
} from './stack.ts';

export interface Replica {
  url: string;
  /** SIGTERM is a clean shutdown, SIGKILL a crash. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

export interface Replicas {
  /** nginx in front of the storefronts: the shop's public address. */
  front: string;
  storefronts: Replica[];
  commerce: Replica[];
  cms: string;
  /** Where both commerce replicas write their e-mails as .eml files. */
  mailDir: string;
  /** The run's own PostgreSQL database. */
  databaseUrl: string;
  /** The run's own keys in the shared Redis. */
  redisPrefix: string;
  /** What nginx logged: its errors and a line per request (tests/support/front.ts). */
  frontLog(): string;
  stop(): Promise<void>;
}

const local = (port: number) => `http://127.0.0.1:${port}`;

/** A database of the run's own on the PostgreSQL server `adminUrl` names; dropped at stop. */
async function freshDatabase(adminUrl: string) {
  const name = `shop_replicas_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Deletes the run's keys from the shared Redis. */
async function forgetRedisKeys(redisUrl: string, prefix: string) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/**
 * @param options.redisUrl the Redis every replica shares
 * @param options.postgresUrl a PostgreSQL server's database the run may create a database from
 * @param options.frontAccessLog whether nginx logs each request (default: yes)
 */
export async function startReplicas(options: {
  redisUrl: string;
  postgresUrl: string;
  /** Whether nginx logs each request (default; `frontLog()`): off for a benchmark. */
  frontAccessLog?: boolean;
}): Promise<Replicas> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-replicas-'));
  const mailDir = path.join(dataDir, 'mail');
  mkdirSync(mailDir);
  const redisPrefix = `replicas-${randomUUID().slice(0, 8)}:`;
  const database = await freshDatabase(options.postgresUrl);
  const ports = {
    front: await freePort(),
    cms: await freePort(),
    commerce: [await freePort(), await freePort()],
    storefront: [await freePort(), await freePort()],
  };
  const front = local(ports.front);
  // One set of secrets for every service: the replicas of one service must agree on them.
  const secrets = localSecrets(dataDir);
  const shared = {
    ...isolatedEnv(),
    ...secrets,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: redisPrefix,
    // The public address is the front's: buyers are sent back to it, the CMS's webhook and
    // preview reach the storefronts through it.
    STOREFRONT_URL: front,
    SITE_URL: front,
  };
  const definitionsFor = (index: number, env: NodeJS.ProcessEnv = {}) =>
    serviceDefinitions({
      mode: 'start',
      dataDir,
      ports: {
        storefront: ports.storefront[index] as number,
        commerce: ports.commerce[index] as number,
        cms: ports.cms,
      },
      env: { ...shared, ...env },
    }) as ServiceDefinition[];

  const started: Started[] = [];
  let frontServer: Awaited<ReturnType<typeof startFront>> | undefined;
  const stopAll = async () => {
    await Promise.all(started.map((service) => stopService(service)));
    await frontServer?.stop();
    await database.drop().catch(() => undefined);
    await forgetRedisKeys(options.redisUrl, redisPrefix).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  /** Starts a service and keeps it to stop at the end; the returned `stop` stops it alone. */
  const run = async (service: ServiceDefinition): Promise<Replica> => {
    const running = await startService(service, dataDir);
    started.push(running);
    return {
      url: service.url.replace(/\/(admin|api\/products)?$/, ''),
      stop: (signal) => stopService(running, signal),
    };
  };
  /** Waits for every start, so that none is still starting when a failed one stops them all. */
  const all = async (starts: Promise<Replica>[]) => {
    const results = await Promise.allSettled(starts);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return results.map((result) => (result as PromiseFulfilledResult<Replica>).value);
  };
  try {
    const commerce = await all(
      [0, 1].map((index) =>
        run({
          ...pick(
            definitionsFor(index, {
              DATABASE_URL: database.url,
              DATA_DIR: path.join(dataDir, `commerce-${index}`),
              MAIL_OUTBOX_DIR: mailDir,
            }),
            'commerce',
          ),
          name: `commerce-${index}`,
        }),
      ),
    );
    const cms = await run(pick(definitionsFor(0), 'cms'));
    const storefronts = await all(
      [0, 1].map((index) =>
        run({
          ...pick(definitionsFor(index, { TRUSTED_PROXIES: 'loopback' }), 'storefront'),
          name: `storefront-${index}`,
        }),
      ),
    );
    // Last, as compose starts it: a request through a front whose replicas are not up yet
    // (the CMS's webhooks while it seeds) would mark them failed for ten seconds.
    frontServer = await startFront({
      port: ports.front,
      storefrontPorts: ports.storefront,
      accessLog: options.frontAccessLog,
    });
    return {
      front,
      storefronts,
      commerce,
      cms: cms.url,
      mailDir,
      databaseUrl: database.url,
      redisPrefix,
      frontLog: () => frontServer?.log() ?? '',
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
