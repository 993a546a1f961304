import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SubscriptionRecordInput } from './schemas.ts';

export function listSubscriptionRecords(db: Kysely<Database>) {
  return db
    .selectFrom('subscription_records')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function createSubscriptionRecord(
  db: Kysely<Database>,
  input: SubscriptionRecordInput,
) {
  return db
    .insertInto('subscription_records')
    .values({ ...input, created_at: new Date().toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateSubscriptionRecord(
  db: Kysely<Database>,
  id: number,
  input: SubscriptionRecordInput,
) {
  return db
    .updateTable('subscription_records')
    .set(input)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function deleteSubscriptionRecord(db: Kysely<Database>, id: number) {
  return db
    .deleteFrom('subscription_records')
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Whether an insert or update failed on a unique column (SQLite's and PostgreSQL's codes). */
export function isUniqueViolation(error: unknown): boolean {
  return ['SQLITE_CONSTRAINT_UNIQUE', '23505'].includes(
    (error as { code?: string } | undefined)?.code ?? '',
  );
}
