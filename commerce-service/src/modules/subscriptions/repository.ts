import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { selectRecordsWithMembership } from '../memberships/repository.ts';
import type { SubscriptionRecordInput } from './schemas.ts';

/** Every record with its membership's state, newest first. */
export function listSubscriptionRecords(db: Kysely<Database>) {
  return selectRecordsWithMembership(db)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

export function findSubscriptionRecord(db: Kysely<Database>, id: number) {
  return selectRecordsWithMembership(db).where('r.id', '=', id).executeTakeFirst();
}

export async function createSubscriptionRecord(
  db: Kysely<Database>,
  input: SubscriptionRecordInput,
) {
  return db
    .insertInto('subscription_records')
    .values({ ...input, created_at: new Date().toISOString() })
    .returning('id')
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
    .returning('id')
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
