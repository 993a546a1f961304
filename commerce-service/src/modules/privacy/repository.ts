/**
 * The buyer's data on request, in SQL (docs/product.md#your-data): everything the shop holds
 * about one address, read for the export and removed or anonymised for an erasure, the
 * requests themselves, and the retention sweep's deletions. It reads across the shop's tables,
 * as the support console's repository does, because the question is "what about this person",
 * not one module's records. Better Auth's tables are not in the service's own schema
 * (modules/auth/better-auth.ts creates them), so their columns are declared here.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, DataRequestTable } from '../../db/schema.ts';
import { newestFirstPage, type PagePosition } from '../../page-cursor.ts';

/** A time as Better Auth stores it: a Date, milliseconds or an ISO string, by database. */
type AuthTime = Date | string | number | null;

// A type, not an interface: Kysely's withTables wants an indexable record.
type AuthTables = {
  user: {
    id: string;
    name: string | null;
    email: string;
    emailVerified: boolean | number;
    createdAt: AuthTime;
    updatedAt: AuthTime;
  };
  session: {
    id: string;
    userId: string;
    token: string;
    createdAt: AuthTime;
    expiresAt: AuthTime;
    ipAddress: string | null;
    userAgent: string | null;
  };
  account: { id: string; userId: string; providerId: string };
  verification: { id: string; identifier: string };
};

type Db = Kysely<Database> | Transaction<Database>;
const withAuth = (db: Db) => db.withTables<AuthTables>();

/** Matches an address column whatever case it was kept in. */
const sameAddress = (column: string, email: string) =>
  sql<boolean>`lower(${sql.ref(column)}) = ${email}`;

export const isoOfAuthTime = (time: AuthTime): string | null => {
  if (time === null || time === undefined) return null;
  if (time instanceof Date) return time.toISOString();
  if (typeof time === 'number') return new Date(time).toISOString();
  return time;
};

// ---- Reading what the shop holds about one buyer ----------------------------------------

export function findUser(db: Db, { userId, email }: { userId: string | null; email: string }) {
  let query = withAuth(db).selectFrom('user').selectAll();
  query = userId
    ? query.where((eb) => eb.or([eb('id', '=', userId), sameAddress('email', email)]))
    : query.where(sameAddress('email', email));
  return query.executeTakeFirst();
}

export function listSessionsOfUser(db: Db, userId: string) {
  return withAuth(db)
    .selectFrom('session')
    .select(['createdAt', 'expiresAt', 'ipAddress', 'userAgent'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
}

export function listSignInProviders(db: Db, userId: string) {
  return withAuth(db)
    .selectFrom('account')
    .select('providerId')
    .where('userId', '=', userId)
    .execute();
}

export function listSignInCodeRequestsOf(db: Db, email: string) {
  return db
    .selectFrom('sign_in_code_requests')
    .select(['requested_at', 'client'])
    .where(sameAddress('email', email))
    .orderBy('requested_at', 'desc')
    .execute();
}

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

export function listWithdrawalsOf(db: Db, email: string) {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where(sameAddress('email', email))
    .orderBy('received_at', 'desc')
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

/** Deletes the sign-in code requests of this address. */
export async function deleteSignInRecordsOf(trx: Transaction<Database>, email: string) {
  await trx.deleteFrom('sign_in_code_requests').where(sameAddress('email', email)).execute();
}

/**
 * Deletes the account: its sessions (signing the buyer out everywhere), its sign-in methods,
 * any sign-in code waiting for the address, and the user. Answers the sessions ended.
 */
export async function deleteAccount(
  trx: Transaction<Database>,
  { userId, email }: { userId: string | null; email: string },
): Promise<{ sessions: number; account: boolean }> {
  const auth = withAuth(trx);
  // A code waiting for the address is kept under an identifier that ends with it.
  await auth
    .deleteFrom('verification')
    .where(sql<boolean>`lower(identifier) like ${`%${email}`}`)
    .execute();
  if (!userId) return { sessions: 0, account: false };
  const sessions = await auth.deleteFrom('session').where('userId', '=', userId).executeTakeFirst();
  await auth.deleteFrom('account').where('userId', '=', userId).execute();
  const user = await auth.deleteFrom('user').where('id', '=', userId).executeTakeFirst();
  return {
    sessions: Number(sessions.numDeletedRows),
    account: Number(user.numDeletedRows) > 0,
  };
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

/** Deletes sign-in records older than their period; how many. */
export async function deleteSignInRecordsBefore(trx: Transaction<Database>, before: string) {
  const deleted = await trx
    .deleteFrom('sign_in_code_requests')
    .where('requested_at', '<', before)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
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
