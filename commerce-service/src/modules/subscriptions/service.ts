/**
 * The admin area's subscription records: listed (all at once, as the specification's call
 * answers, or searched and paged), exported, created, edited and removed by an administrator
 * (the routes check who calls). A record names one checkout session, once. Every change is
 * written to the audit trail in its own transaction (docs/product.md#audit-trail).
 */
import { ConflictError, NotFoundError } from '../../domain-errors.ts';
import { decodeCursor, pageFrom } from '../../page-cursor.ts';
import {
  ADMIN_PAGE_DEFAULT,
  type AdminPageQuery,
  type AuditState,
  type SubscriptionRecord,
  type SubscriptionRecordInput,
  type SubscriptionRecordPage,
} from '@aba-shop/contract';
import { recordAdminAction } from '../audit/service.ts';
import {
  createSubscriptionRecord,
  deleteSubscriptionRecord,
  updateSubscriptionRecord,
  type OrdersDependencies,
} from '../orders/service.ts';
import { toSubscriptionRecord } from '../memberships/service.ts';
import {
  findSubscriptionRecord,
  isUniqueViolation,
  listSubscriptionRecords,
  recordPageQuery,
} from './repository.ts';

/** The success page's confirmation, on the same route, is the orders module's. */
export type SubscriptionsDependencies = OrdersDependencies;

const DUPLICATE_SESSION = 'Esiste già un subscription record con questo session_id';
const NO_SUCH_RECORD = 'Nessun subscription record con questo id';

/** Runs a write, refusing one that would give a second record the same session_id. */
async function oneRecordPerSession<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(DUPLICATE_SESSION);
    throw error;
  }
}

/** Every record with its membership's status (docs/product.md#the-membership). */
export async function listRecords({
  db,
}: SubscriptionsDependencies): Promise<SubscriptionRecord[]> {
  return (await listSubscriptionRecords(db)).map((row) => toSubscriptionRecord(row));
}

/** One page of records, newest first, those of a search if `q` names one. */
export async function recordPage(
  { db }: SubscriptionsDependencies,
  query: AdminPageQuery,
): Promise<SubscriptionRecordPage> {
  const limit = query.limit ?? ADMIN_PAGE_DEFAULT;
  const rows = await recordPageQuery(db, {
    q: query.q?.trim() || null,
    after: query.cursor ? decodeCursor<number>(query.cursor, 'number') : null,
    limit,
  }).execute();
  const page = pageFrom(rows, limit, (row) => ({ createdAt: row.created_at, id: row.id }));
  return {
    items: page.rows.map((row) => toSubscriptionRecord(row)),
    nextCursor: page.nextCursor,
  };
}

/** How many records the export reads at a time: the memory it holds, whatever the total. */
const EXPORT_BATCH = 500;

/** Every record, newest first, read a batch at a time for a streamed export. */
export async function* allRecords({
  db,
}: SubscriptionsDependencies): AsyncGenerator<SubscriptionRecord> {
  let after: { createdAt: string; id: number } | null = null;
  for (;;) {
    const rows = await recordPageQuery(db, { q: null, after, limit: EXPORT_BATCH }).execute();
    const batch = rows.slice(0, EXPORT_BATCH);
    for (const row of batch) yield toSubscriptionRecord(row);
    const last = batch.at(-1);
    if (rows.length <= EXPORT_BATCH || !last) return;
    after = { createdAt: last.created_at, id: last.id };
  }
}

/** The record as it now stands; not found when there is none with this id. */
async function recordById(db: SubscriptionsDependencies['db'], id: number) {
  const row = await findSubscriptionRecord(db, id);
  if (!row) throw new NotFoundError(NO_SUCH_RECORD);
  return toSubscriptionRecord(row);
}

/** What the audit trail keeps of a record: the fields an administrator edits. */
const auditedFields = (record: SubscriptionRecordInput): AuditState => ({
  user_id: record.user_id,
  email: record.email,
  session_id: record.session_id,
});

export async function createRecord(
  { db }: SubscriptionsDependencies,
  input: SubscriptionRecordInput,
  actor: string,
): Promise<SubscriptionRecord> {
  const { id } = await oneRecordPerSession(() =>
    db.transaction().execute(async (trx) => {
      const created = await createSubscriptionRecord(trx, input);
      await recordAdminAction(trx, {
        actor,
        action: 'record.create',
        subject: { type: 'record', id: String(created.id) },
        before: null,
        after: auditedFields(input),
      });
      return created;
    }),
  );
  return recordById(db, id);
}

export async function updateRecord(
  { db }: SubscriptionsDependencies,
  id: number,
  input: SubscriptionRecordInput,
  actor: string,
): Promise<SubscriptionRecord> {
  await oneRecordPerSession(() =>
    db.transaction().execute(async (trx) => {
      const before = await findSubscriptionRecord(trx, id);
      if (!before || !(await updateSubscriptionRecord(trx, id, input))) {
        throw new NotFoundError(NO_SUCH_RECORD);
      }
      await recordAdminAction(trx, {
        actor,
        action: 'record.update',
        subject: { type: 'record', id: String(id) },
        before: auditedFields(before),
        after: auditedFields(input),
      });
    }),
  );
  return recordById(db, id);
}

export async function deleteRecord(
  { db }: SubscriptionsDependencies,
  id: number,
  actor: string,
): Promise<SubscriptionRecord> {
  return db.transaction().execute(async (trx) => {
    const row = await findSubscriptionRecord(trx, id);
    if (!row || !(await deleteSubscriptionRecord(trx, id))) {
      throw new NotFoundError(NO_SUCH_RECORD);
    }
    await recordAdminAction(trx, {
      actor,
      action: 'record.delete',
      subject: { type: 'record', id: String(id) },
      before: auditedFields(row),
      after: null,
    });
    return toSubscriptionRecord(row);
  });
}
