import type { Kysely } from 'kysely';

/**
 * The shop's jobs' last runs (src/jobs.ts, docs/product.md#shop-health): one row a job, written
 * by whichever replica ran it, so that the console shows when each last ran, how it went and
 * when it last failed, whatever replica answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('last_started_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('last_finished_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('last_outcome', 'varchar(8)', (column) => column.notNull())
    .addColumn('last_done', 'integer', (column) => column.notNull())
    .addColumn('last_failed_at', 'varchar(32)')
    .addColumn('last_error', 'varchar(500)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
}
