/**
 * The buyer's data on request, in SQL (docs/product.md#your-data): everything the shop holds
 * about one address, read for the export and removed or anonymised for an erasure, the
 * requests themselves, and the retention sweep's deletions. It reads across the shop's tables,
 * as the support console's repository does, because the question is "what about this person",
 * not one module's records. It writes only the data requests: every other part is erased and
 * swept by its own module (docs/adr/0045-each-table-written-by-its-owner.md).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, DataRequestTable } from '../../db/schema.ts';
import { sameAddress } from '../../db/same-address.ts';
import { newestFirstPage, type PagePosition } from '../../page-cursor.ts';

type Db = Kysely<Database> | Transaction<Database>;

// ---- Reading what the shop holds about one buyer ----------------------------------------

export function listOrdersOf(db: Db, email: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where(sameAddress('email', email))
    .orderBy('created_at', 'desc')
    .execute();
}

export function listLinesOf(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).execute();
}

export function listEntitlementsOf(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('entitlements')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('file_key')
    .execute();
}

/** The buyer's subscription records (by address or account), with their membership's state. */
export function listMembershipRecordsOf(
  db: Db,
  { email, userId }: { email: string; userId: string | null },
) {
  return db
    .selectFrom('subscription_records as r')
    .leftJoin('memberships as m', 'm.subscription_id', 'r.subscription_id')
    .select([
      'r.id',
      'r.session_id',
      'r.created_at',
      'r.subscription_id',
      'm.status',
      'm.current_period_end',
      'm.cancel_at_period_end',
    ])
    .where((eb) =>
      userId
        ? eb.or([sameAddress('r.email', email), eb('r.user_id', '=', userId)])
        : sameAddress('r.email', email),
    )
    .orderBy('r.created_at', 'desc')
    .execute();
}

export function listContactMessagesOf(db: Db, email: string) {
  return db
    .selectFrom('contact_submissions')
    .selectAll()
    .where(sameAddress('email', email))
    .orderBy('created_at', 'desc')
    .execute();
}

// ---- Requests ---------------------------------------------------------------------------

export function listDataRequestsOf(db: Db, email: string) {
  return db
    .selectFrom('data_requests')
    .selectAll()
    .where('email', '=', email)
    .orderBy('requested_at', 'desc')
    .execute();
}

export function findPendingErasure(db: Db, email: string) {
  return db
    .selectFrom('data_requests')
    .selectAll()
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .where('kind', '=', 'erasure')
    .executeTakeFirst();
}

export async function insertDataRequest(
  db: Db,
  request: Pick<DataRequestTable, 'email' | 'user_id' | 'kind'>,
): Promise<DataRequestTable> {
  const row: DataRequestTable = {
    id: `dr_${randomUUID().replaceAll('-', '')}`,
    ...request,
    status: 'pending',
    requested_at: new Date().toISOString(),
    processed_at: null,
    processed_by: null,
    outcome: null,
  };
  await db.insertInto('data_requests').values(row).execute();
  return row;
}

export function findDataRequest(db: Db, id: string) {
  return db.selectFrom('data_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Requests newest first, those of one address if given (support's list). */
export function dataRequestPageQuery(
  db: Kysely<Database>,
  {
    email,
    after,
    limit,
  }: { email: string | null; after: PagePosition<string> | null; limit: number },
) {
  let query = db.selectFrom('data_requests').selectAll();
  if (email) query = query.where('email', '=', email);
  return newestFirstPage(query, { createdAt: 'requested_at', id: 'id' }, { after, limit });
}

/** Marks a pending request done; 0 when another administrator processed it meanwhile. */
export async function completeDataRequest(
  db: Db,
  id: string,
  done: { processedBy: string; outcome: string },
): Promise<number> {
  const result = await db
    .updateTable('data_requests')
    .set({
      status: 'completed',
      processed_at: new Date().toISOString(),
      processed_by: done.processedBy,
      outcome: done.outcome,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ---- Erasure ----------------------------------------------------------------------------

/** The placeholder in place of the address on the buyer's data requests, which are kept. */
export async function anonymiseDataRequestsOf(
  trx: Transaction<Database>,
  { email, placeholder }: { email: string; placeholder: string },
): Promise<void> {
  await trx
    .updateTable('data_requests')
    .set({ email: placeholder, user_id: null })
    .where('email', '=', email)
    .execute();
}

/** The audit entries on these subjects, to take the address out of their states. */
export function listAuditStatesOf(db: Db, subjects: { type: 'order' | 'record'; ids: string[] }[]) {
  const wanted = subjects.filter((subject) => subject.ids.length > 0);
  if (wanted.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('admin_actions')
    .select(['id', 'actor', 'before_state', 'after_state'])
    .where((eb) =>
      eb.or(
        wanted.map((subject) =>
          eb.and([eb('subject_type', '=', subject.type), eb('subject_id', 'in', subject.ids)]),
        ),
      ),
    )
    .execute();
}

// ---- Retention sweep --------------------------------------------------------------------

export interface SweepCutoffs {
  contactMessagesBefore: string;
  downloadHistoryBefore: string;
  signInRecordsBefore: string;
  sentMailBefore: string;
  accountingBefore: string;
}

/** An erased buyer's orders older than accounting's period: only these orders expire. */
export function listExpiredErasedOrders(
  trx: Transaction<Database>,
  { placeholderPattern, before }: { placeholderPattern: string; before: string },
) {
  return trx
    .selectFrom('orders')
    .select(['id', 'checkout_session_id'])
    .where('email', 'like', placeholderPattern)
    .where('created_at', '<', before)
    .execute();
}
