import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { selectRecordsWithMembership } from '../memberships/service.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An address's subscription records with their memberships' state, whatever case it was kept in. */
export function listMembershipRecordsOf(db: Kysely<Database>, email: string) {
  return selectRecordsWithMembership(db)
    .where(sql<boolean>`lower(r.email) = ${email}`)
    .orderBy('r.created_at', 'desc')
    .execute();
}

/**
 * What a worksheet's stamp names the membership by: the number of the order that bought it, or
 * the record's own number when support made the record by hand (docs/product.md#member-resources).
 */
export async function membershipReferenceOf(
  db: Kysely<Database>,
  record: { id: number; session_id: string },
): Promise<string> {
  const order = await db
    .selectFrom('orders')
    .select('number')
    .where('checkout_session_id', '=', record.session_id)
    .executeTakeFirst();
  return order?.number ?? `record ${record.id}`;
}

/** Every subscription record that may give access: not cancelled, or with a period still ahead. */
export function listPossibleMemberRecords(db: Kysely<Database>, nowIso: string) {
  return selectRecordsWithMembership(db)
    .where((eb) =>
      eb.or([
        eb('m.status', 'is', null),
        eb('m.status', '!=', 'canceled'),
        eb('m.current_period_end', '>', nowIso),
      ]),
    )
    .execute();
}

/** Keeps when each resource was first seen published; a resource seen before keeps its time. */
export async function recordResourcesSeen(db: Db, resourceIds: string[], seenAt: string) {
  if (resourceIds.length === 0) return;
  await db
    .insertInto('member_resources_seen')
    .values(resourceIds.map((resource_id) => ({ resource_id, first_seen_at: seenAt })))
    .onConflict((conflict) => conflict.column('resource_id').doNothing())
    .execute();
}

export async function firstSeenOf(db: Db, resourceIds: string[]): Promise<Map<string, string>> {
  if (resourceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('member_resources_seen')
    .selectAll()
    .where('resource_id', 'in', resourceIds)
    .execute();
  return new Map(rows.map((row) => [row.resource_id, row.first_seen_at]));
}

export async function listMailedAddresses(db: Db, resourceId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('member_resource_mails')
    .select('email')
    .where('resource_id', '=', resourceId)
    .execute();
  return new Set(rows.map((row) => row.email));
}

/** Records the e-mail of a resource to an address; false when it was recorded already. */
export async function recordMailOnce(
  trx: Transaction<Database>,
  mail: { resourceId: string; email: string; queuedAt: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('member_resource_mails')
    .values({ resource_id: mail.resourceId, email: mail.email, queued_at: mail.queuedAt })
    .onConflict((conflict) => conflict.columns(['resource_id', 'email']).doNothing())
    .returning('email')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Forgets which member resources were e-mailed to an address (its erasure). */
export async function deleteMailsOf(db: Db, email: string): Promise<void> {
  await db.deleteFrom('member_resource_mails').where('email', '=', email).execute();
}
