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

export function findSubscriptionRecordBySession(db: Kysely<Database>, sessionId: string) {
  return db
    .selectFrom('subscription_records')
    .selectAll()
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
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
