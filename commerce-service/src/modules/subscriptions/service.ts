/**
 * The admin area's subscription records: listed, created, edited and removed by an
 * administrator (the routes check who calls). A record names one checkout session, once.
 */
import { ConflictError, NotFoundError } from '../../domain-errors.ts';
import type { OrdersDependencies } from '../orders/service.ts';
import type { SubscriptionRecord } from '../orders/schemas.ts';
import { toSubscriptionRecord } from '../memberships/service.ts';
import {
  createSubscriptionRecord,
  deleteSubscriptionRecord,
  findSubscriptionRecord,
  isUniqueViolation,
  listSubscriptionRecords,
  updateSubscriptionRecord,
} from './repository.ts';
import type { SubscriptionRecordInput } from './schemas.ts';

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

/** The record as it now stands; not found when there is none with this id. */
async function recordById(db: SubscriptionsDependencies['db'], id: number) {
  const row = await findSubscriptionRecord(db, id);
  if (!row) throw new NotFoundError(NO_SUCH_RECORD);
  return toSubscriptionRecord(row);
}

export async function createRecord(
  { db }: SubscriptionsDependencies,
  input: SubscriptionRecordInput,
): Promise<SubscriptionRecord> {
  const { id } = await oneRecordPerSession(() => createSubscriptionRecord(db, input));
  return recordById(db, id);
}

export async function updateRecord(
  { db }: SubscriptionsDependencies,
  id: number,
  input: SubscriptionRecordInput,
): Promise<SubscriptionRecord> {
  const updated = await oneRecordPerSession(() => updateSubscriptionRecord(db, id, input));
  if (!updated) throw new NotFoundError(NO_SUCH_RECORD);
  return recordById(db, id);
}

export async function deleteRecord(
  { db }: SubscriptionsDependencies,
  id: number,
): Promise<SubscriptionRecord> {
  const record = await recordById(db, id);
  if (!(await deleteSubscriptionRecord(db, id))) throw new NotFoundError(NO_SUCH_RECORD);
  return record;
}
