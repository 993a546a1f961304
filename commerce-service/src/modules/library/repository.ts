import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LibraryProgressTable, LibrarySessionTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function insertLibrarySession(db: Db, session: LibrarySessionTable) {
  return db.insertInto('library_sessions').values(session).execute();
}

export function findLibrarySession(db: Db, id: string) {
  return db.selectFrom('library_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function deleteLibrarySession(db: Db, id: string) {
  return db.deleteFrom('library_sessions').where('id', '=', id).execute();
}

/** The library sessions of an address still open at `now`, newest first. */
export function listLibrarySessionsOf(db: Db, email: string, now: string) {
  return db
    .selectFrom('library_sessions')
    .select(['id', 'device', 'created_at', 'expires_at'])
    .where('email', '=', email)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Every library session an address holds, ended or not, for its data export. */
export function listAllLibrarySessionsOf(db: Db, email: string) {
  return db
    .selectFrom('library_sessions')
    .select(['device', 'created_at', 'expires_at'])
    .where('email', '=', email)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Ends every library session of an address: each device must open a link again. */
export function deleteLibrarySessionsOf(db: Db, email: string) {
  return db.deleteFrom('library_sessions').where('email', '=', email).execute();
}

/** Forgets the sessions that ended before `now`. */
export function deleteExpiredLibrarySessions(db: Db, now: string) {
  return db.deleteFrom('library_sessions').where('expires_at', '<', now).execute();
}

/** The places an address left its files at, the last reached first. */
export function listProgressOf(db: Db, email: string): Promise<LibraryProgressTable[]> {
  return db
    .selectFrom('library_progress')
    .selectAll()
    .where('email', '=', email)
    .orderBy('reached_at', 'desc')
    .orderBy('file_key')
    .execute();
}

/**
 * Keeps a place unless a place reached later is kept already, counting the save in its
 * version; returns what is kept either way.
 */
export async function upsertProgress(
  db: Db,
  row: Pick<LibraryProgressTable, 'email' | 'file_key' | 'position' | 'reached_at' | 'updated_at'>,
) {
  await db
    .insertInto('library_progress')
    .values({ ...row, version: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['email', 'file_key'])
        .doUpdateSet({
          position: row.position,
          reached_at: row.reached_at,
          updated_at: row.updated_at,
          version: sql<number>`library_progress.version + 1`,
        })
        .where('library_progress.reached_at', '<=', row.reached_at),
    )
    .execute();
  return db
    .selectFrom('library_progress')
    .selectAll()
    .where('email', '=', row.email)
    .where('file_key', '=', row.file_key)
    .executeTakeFirstOrThrow();
}

/** Takes an address's library sessions and places out of the shop (its erasure). */
export async function deleteLibraryRowsOf(db: Db, email: string) {
  await deleteLibrarySessionsOf(db, email);
  await db.deleteFrom('library_progress').where('email', '=', email).execute();
}
