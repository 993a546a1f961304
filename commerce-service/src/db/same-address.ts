import { sql } from 'kysely';

/** Matches an address column whatever case it was kept in (`email` is lower case already). */
export const sameAddress = (column: string, email: string) =>
  sql<boolean>`lower(${sql.ref(column)}) = ${email}`;
