/**
 * Counts every row inserted, updated or deleted in the given tables of a test database, with
 * triggers, so that a test can tell after each request, with one small query, whether the
 * request changed any record (counting rows instead would scan growing tables each time).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

const COUNTER_TABLE = 'test_record_changes';

/** Installs the triggers; returns a reader of `table=changes …` for all the tables. */
export async function watchRecordChanges(
  db: Kysely<Database>,
  tables: readonly string[],
): Promise<() => Promise<string>> {
  const counter = sql.table(COUNTER_TABLE);
  await sql`create table ${counter} (table_name varchar(64) primary key, changes integer not null)`.execute(
    db,
  );
  for (const table of tables) {
    await sql`insert into ${counter} (table_name, changes) values (${table}, 0)`.execute(db);
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function test_count_record_change() returns trigger as $$
      begin
        update ${counter} set changes = changes + 1 where table_name = TG_TABLE_NAME;
        return null;
      end $$ language plpgsql`.execute(db);
    for (const table of tables) {
      await sql`create trigger ${sql.raw(`test_changes_${table}`)}
        after insert or update or delete on ${sql.table(table)}
        for each row execute function test_count_record_change()`.execute(db);
    }
  } else {
    for (const table of tables) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.raw(`test_changes_${table}_${event}`)}
          after ${sql.raw(event)} on ${sql.table(table)}
          begin
            update ${counter} set changes = changes + 1 where table_name = ${sql.lit(table)};
          end`.execute(db);
      }
    }
  }
  const read = sql<{
    table_name: string;
    changes: number;
  }>`select table_name, changes from ${counter} order by table_name`.compile(db);
  return async () => {
    const { rows } = await db.executeQuery(read);
    return rows.map((row) => `${row.table_name}=${row.changes}`).join(' ');
  };
}
