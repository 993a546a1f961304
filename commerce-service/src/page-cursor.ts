/**
 * The cursor of a paged admin list (paging.ts): the last item's time and id, which the next
 * page starts after. Opaque to callers; one that was not made here is refused.
 */
import { InvalidInputError } from './domain-errors.ts';

export interface PagePosition<Id extends string | number> {
  createdAt: string;
  id: Id;
}

export function encodeCursor(position: PagePosition<string | number>): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

const NOT_A_CURSOR = 'Il cursore non è valido: ricarica la lista dalla prima pagina';

export function decodeCursor<Id extends string | number>(
  cursor: string,
  idType: Id extends number ? 'number' : 'string',
): PagePosition<Id> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidInputError(NOT_A_CURSOR);
  }
  if (
    !Array.isArray(decoded) ||
    decoded.length !== 2 ||
    typeof decoded[0] !== 'string' ||
    decoded[0].length > 32 ||
    typeof decoded[1] !== idType ||
    (idType === 'number' && !Number.isSafeInteger(decoded[1])) ||
    (idType === 'string' && (decoded[1] as string).length > 64)
  ) {
    throw new InvalidInputError(NOT_A_CURSOR);
  }
  return { createdAt: decoded[0], id: decoded[1] as Id };
}

/**
 * One page of rows read one past the limit: the extra row only says there is a next page,
 * whose cursor is the last kept row's position.
 */
export function pageFrom<Row, Id extends string | number>(
  rows: Row[],
  limit: number,
  positionOf: (row: Row) => PagePosition<Id>,
): { rows: Row[]; nextCursor: string | null } {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return {
    rows: kept,
    nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null,
  };
}
