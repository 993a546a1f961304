import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { MailMessage } from '../modules/mail/transport.ts';
import { requestCheckout, signInByCode, type TestApp } from '../test-support/app.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { startTcpRelay, type TcpRelay } from '@aba-shop/test-kit/tcp-relay';
import { isDatabaseUnavailable } from './availability.ts';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', coded('ECONNREFUSED')],
    ['a reset connection', coded('ECONNRESET')],
    ['pg: the server closed the connection', new Error('Connection terminated unexpectedly')],
    ['pg: no connection in time', new Error('timeout exceeded when trying to connect')],
    ['PostgreSQL shutting down', coded('57P01', 'terminating connection')],
    ['PostgreSQL starting up', coded('57P03', 'the database system is starting up')],
    ['a PostgreSQL connection exception', coded('08006')],
    ['a read-only PostgreSQL (a standby)', coded('25006')],
    ['a SQLite file that cannot be written', coded('SQLITE_IOERR_WRITE', 'disk I/O error')],
    ['a read-only SQLite file', coded('SQLITE_READONLY')],
    ['a full disk under SQLite', coded('SQLITE_FULL')],
    ['a SQLite file locked too long', coded('SQLITE_BUSY')],
    ['one of several failed connection attempts', new AggregateError([coded('ECONNREFUSED')])],
    ['an error that wraps one', new Error('Failed to get session', { cause: coded('ECONNRESET') })],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', coded('23505', 'duplicate key value')],
    ['a SQLite constraint', coded('SQLITE_CONSTRAINT_UNIQUE')],
    ['a syntax error', coded('SQLITE_ERROR', 'near "selec": syntax error')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something that is not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

/**
 * Breaks the suite's database under a running app: PostgreSQL is cut off behind a TCP proxy;
 * the SQLite file is made immutable (chattr, which needs root). Null when neither is possible.
 */
async function breakableApp(database: TestDatabase) {
  const mail: MailMessage[] = [];
  const sendMail = async (message: MailMessage) => void mail.push(message);
  if (database.kind === 'postgres') {
    const server = new URL(database.config.DATABASE_URL as string);
    const link: TcpRelay = await startTcpRelay({
      host: server.hostname,
      port: Number(server.port || 5432),
    });
    const proxied = new URL(server);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(link.port);
    const app = await buildApp(
      { ...database.config, DATABASE_URL: proxied.toString() },
      { sendMail },
    );
    return {
      t: { app, database, mail, close: () => app.close() },
      break: () => (link.state = 'cut'),
      repair: () => (link.state = 'up'),
      close: () => link.close(),
    };
  }
  const files = [database.config.sqliteFile, `${database.config.sqliteFile}-wal`];
  const chattr = (flag: string) => execFileSync('chattr', [flag, ...files], { stdio: 'ignore' });
  const app = await buildApp(database.config, { sendMail });
  try {
    chattr('+i');
    chattr('-i');
  } catch {
    await app.close();
    return null;
  }
  return {
    t: { app, database, mail, close: () => app.close() },
    break: () => chattr('+i'),
    repair: () => chattr('-i'),
    close: async () => {},
  };
}

describe('a database that goes away under the running service', () => {
  let database: TestDatabase;
  let broken: Awaited<ReturnType<typeof breakableApp>>;
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    broken = await breakableApp(database);
    if (broken) ({ t, app } = { t: broken.t, app: broken.t.app });
  });
  afterAll(async () => {
    broken?.repair();
    await app?.close();
    await broken?.close();
    await database.drop();
  });

  const checkout = () => requestCheckout(app);

  it('answers 503 with Retry-After, is not ready, and serves again once it is back', async () => {
    if (!broken) {
      console.warn('Skipped: the SQLite file cannot be made read-only here (chattr needs root).');
      return;
    }
    const cookie = await signInByCode(t, 'signed.in@example.com');
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    broken.break();
    try {
      const refused = await checkout();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({ message: 'The service is temporarily unavailable' });
      const sentCode = await app.inject({
        method: 'POST',
        url: '/api/send-otp',
        payload: { email: 'parent@example.com' },
      });
      expect(sentCode.statusCode).toBe(503);
      // In Italian, as the login page shows it.
      expect(sentCode.json()).toEqual({
        error: 'Il servizio non è al momento disponibile: riprova tra qualche istante.',
      });
      // Better Auth reports its own error for a session it cannot read; on a read-only SQLite
      // file the session is still read.
      const me = await app.inject({ url: '/api/users/me', headers: { cookie } });
      if (database.kind === 'postgres') {
        expect(me.statusCode).toBe(503);
        expect(me.json()).toEqual({ error: 'The service is temporarily unavailable' });
      } else {
        expect(me.json()).toMatchObject({ email: 'signed.in@example.com' });
      }
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
    } finally {
      broken.repair();
    }
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await checkout()).statusCode).toBe(200);
  });
});
