import { sql } from 'kysely';
import { buildApp } from '../app.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { migrationProvider } from './migrations/index.ts';
import { migrateToLatest, openDatabase } from './connect.ts';

// Several replicas migrating one database at once is a PostgreSQL deployment; a SQLite file
// has one service process.
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('replicas starting together on a fresh PostgreSQL database', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase({}, { empty: true });
  });
  afterEach(() => database.drop());

  it('migrate one after the other, and both succeed', async () => {
    const url = database.config.DATABASE_URL as string;
    const [first, second] = [
      openDatabase({ postgresUrl: url }),
      openDatabase({ postgresUrl: url }),
    ];
    try {
      await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
      const applied = await sql<{ count: string }>`select count(*) as count from kysely_migration`
        .execute(first)
        .then(({ rows }) => Number(rows[0]?.count));
      expect(applied).toBe(Object.keys(await migrationProvider.getMigrations()).length);
    } finally {
      await Promise.all([first.destroy(), second.destroy()]);
    }
  });

  it('both start, Better Auth tables included', async () => {
    const apps = await Promise.all([buildApp(database.config), buildApp(database.config)]);
    try {
      for (const app of apps) {
        const users = await sql`select count(*) as count from "user"`.execute(app.db);
        expect(users.rows).toEqual([{ count: '0' }]);
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});
