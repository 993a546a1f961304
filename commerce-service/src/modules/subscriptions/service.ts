/**
 * The admin area's subscription records: listed, created, edited and removed by an
 * administrator (the routes check who calls). A record names one checkout session, once.
 */
import { ConflictError, NotFoundError } from '../../domain-errors.ts';
import type { OrdersDependencies } from '../orders/service.ts';
import type { SubscriptionRecord } from '../orders/schemas.ts';
import {
  createSubscriptionRecord,
  deleteSubscriptionRecord,
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

export function listRecords({ db }: SubscriptionsDependencies): Promise<SubscriptionRecord[]> {
  return listSubscriptionRecords(db);
}

export function createRecord(
  { db }: SubscriptionsDependencies,
  input: SubscriptionRecordInput,
): Promise<SubscriptionRecord> {
  return oneRecordPerSession(() => createSubscriptionRecord(db, input));
}

export async function updateRecord(
  { db }: SubscriptionsDependencies,
  id: number,
  input: SubscriptionRecordInput,
): Promise<SubscriptionRecord> {
  const record = await oneRecordPerSession(() => updateSubscriptionRecord(db, id, input));
  if (!record) throw new NotFoundError(NO_SUCH_RECORD);
  return record;
}

export async function deleteRecord(
  { db }: SubscriptionsDependencies,
  id: number,
): Promise<SubscriptionRecord> {
  const record = await deleteSubscriptionRecord(db, id);
  if (!record) throw new NotFoundError(NO_SUCH_RECORD);
  return record;
}
