import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sameAddress } from '../../db/same-address.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The sign-in codes asked for this address since then, newest first (ISO times). */
export function listSignInCodeRequests(
  db: Db,
  email: string,
  since: string,
): Promise<{ requested_at: string; client: string | null }[]> {
  return db
    .selectFrom('sign_in_code_requests')
    .select(['requested_at', 'client'])
    .where('email', '=', email)
    .where('requested_at', '>=', since)
    .orderBy('requested_at', 'desc')
    .execute();
}

/** Records a code request: its code's and browser key's hashes, and when the code expires. */
export async function recordSignInCodeRequest(
  db: Db,
  request: {
    id: string;
    email: string;
    client: string;
    requestedAt: string;
    codeHash: string | null;
    browserHash: string;
    expiresAt: string;
  },
) {
  await db
    .insertInto('sign_in_code_requests')
    .values({
      id: request.id,
      email: request.email,
      client: request.client,
      requested_at: request.requestedAt,
      code_hash: request.codeHash,
      browser_hash: request.browserHash,
      expires_at: request.expiresAt,
      used_at: null,
    })
    .execute();
}

export function findSignInCodeRequest(db: Db, id: string) {
  return db.selectFrom('sign_in_code_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Counts a wrong code against its request, while it has tries left: false when it had none
 * (another wrong code took the last one meanwhile).
 */
export async function countWrongCode(db: Db, id: string, allowed: number): Promise<boolean> {
  const counted = await db
    .updateTable('sign_in_code_requests')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .where('failed_attempts', '<', allowed)
    .executeTakeFirst();
  return Number(counted.numUpdatedRows) === 1;
}

/** Uses a code, once: false when it was used (or ran out of tries) meanwhile. */
export async function useSignInCode(
  db: Db,
  id: string,
  { at, allowed }: { at: string; allowed: number },
): Promise<boolean> {
  const used = await db
    .updateTable('sign_in_code_requests')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('failed_attempts', '<', allowed)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** How many wrong codes were entered for this address since then, whoever entered them. */
export async function countWrongCodesSince(db: Db, email: string, since: string) {
  const row = await db
    .selectFrom('sign_in_code_requests')
    .select((eb) => eb.fn.sum<number | string | null>('failed_attempts').as('wrong'))
    .where('email', '=', email)
    .where('requested_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.wrong ?? 0);
}

/** When the oldest wrong code of this address since then was asked for: when the pause ends. */
export async function firstWrongCodeSince(db: Db, email: string, since: string) {
  const row = await db
    .selectFrom('sign_in_code_requests')
    .select((eb) => eb.fn.min('requested_at').as('first'))
    .where('email', '=', email)
    .where('requested_at', '>=', since)
    .where('failed_attempts', '>', 0)
    .executeTakeFirstOrThrow();
  return row.first ?? null;
}

// ---- The account as a buyer's data request reads and erases it (docs/product.md#your-data) ----
// Better Auth's tables are not in the service's own schema (better-auth.ts creates them), so
// their columns are declared here.

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

const withAuth = (db: Db) => db.withTables<AuthTables>();

/** A Better Auth time as ISO 8601, or null. */
export const isoOfAuthTime = (time: AuthTime): string | null => {
  if (time === null || time === undefined) return null;
  if (time instanceof Date) return time.toISOString();
  if (typeof time === 'number') return new Date(time).toISOString();
  return time;
};

/** The buyer's account, by its id or by their address in any case. */
export function findUser(db: Db, { userId, email }: { userId: string | null; email: string }) {
  let query = withAuth(db).selectFrom('user').selectAll();
  query = userId
    ? query.where((eb) => eb.or([eb('id', '=', userId), sameAddress('email', email)]))
    : query.where(sameAddress('email', email));
  return query.executeTakeFirst();
}

/** The account's sessions: when, until when, from which address and browser. */
export function listSessionsOfUser(db: Db, userId: string) {
  return withAuth(db)
    .selectFrom('session')
    .select(['createdAt', 'expiresAt', 'ipAddress', 'userAgent'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
}

/** How the account signs in (`credential` is the e-mail code, `google`). */
export function listSignInProviders(db: Db, userId: string) {
  return withAuth(db)
    .selectFrom('account')
    .select('providerId')
    .where('userId', '=', userId)
    .execute();
}

/** Every sign-in code asked for an address, newest first. */
export function listSignInCodeRequestsOf(db: Db, email: string) {
  return db
    .selectFrom('sign_in_code_requests')
    .select(['requested_at', 'client'])
    .where(sameAddress('email', email))
    .orderBy('requested_at', 'desc')
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

/** Deletes sign-in records older than their period; how many. */
export async function deleteSignInRecordsBefore(trx: Transaction<Database>, before: string) {
  const deleted = await trx
    .deleteFrom('sign_in_code_requests')
    .where('requested_at', '<', before)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
