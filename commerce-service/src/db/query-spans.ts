/**
 * A span around every query the service sends its database, PostgreSQL or SQLite alike
 * (docs/reliability.md#telemetry-and-health): the statement's SQL text with its parameters
 * left out (they hold e-mail addresses and tokens), a child of whatever request ran it.
 * Added only when tracing is on; without it the driver is Kysely's own, untouched.
 */
import type { CompiledQuery, DatabaseConnection, Dialect, Driver } from 'kysely';
import { inClientSpan } from '@aba-shop/service-kit/tracing';

/** The statement's first word, which names the span: SELECT, INSERT, UPDATE, BEGIN… */
const operationOf = (sql: string) => /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY';

const traced = new WeakSet<DatabaseConnection>();

function traceConnection(connection: DatabaseConnection, system: string): DatabaseConnection {
  if (traced.has(connection)) return connection;
  traced.add(connection);
  const execute = connection.executeQuery.bind(connection);
  // The pool lends the same connection again and again: it is wrapped once, in place, so that
  // the driver's own methods still find the object they made.
  connection.executeQuery = <R>(query: CompiledQuery) =>
    inClientSpan(
      'commerce-service/db',
      `${operationOf(query.sql)} ${system}`,
      { 'db.system.name': system, 'db.query.text': query.sql },
      () => execute<R>(query),
    );
  return connection;
}

/** `dialect`, whose connections' queries are each a span. */
export function withQuerySpans(dialect: Dialect, system: 'postgresql' | 'sqlite'): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: (): Driver => {
      const driver = dialect.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      driver.acquireConnection = async (options) => traceConnection(await acquire(options), system);
      return driver;
    },
  };
}
