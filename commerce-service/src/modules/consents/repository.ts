/** The consent records' SQL: an answer kept, a buyer's answers listed or taken out. */
import type { Kysely } from 'kysely';
import type { ConsentRecordTable, Database } from '../../db/schema.ts';

export async function insertConsentRecord(
  db: Kysely<Database>,
  record: ConsentRecordTable,
): Promise<void> {
  await db.insertInto('consent_records').values(record).execute();
}

/** Every answer given while signed in with this address, oldest first. */
export function selectConsentRecordsByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<ConsentRecordTable[]> {
  return db
    .selectFrom('consent_records')
    .selectAll()
    .where('email', '=', email)
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
}

export async function deleteConsentRecordsByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<void> {
  await db.deleteFrom('consent_records').where('email', '=', email).execute();
}
