/**
 * One page of a searched, paged admin list (docs/product.md#api): `?q=&limit=&cursor=`. The limit
 * is always sent, since a call with no parameter at all gets the records API's plain array (the
 * spec's answer) instead of a page.
 */
import { ADMIN_PAGE_DEFAULT } from '@aba-shop/contract/constants';
import { callCommerce, type AnswerSchema } from '../client';

export interface AdminPageRequest {
  /** An e-mail, or an id the list is searched by; empty lists everything. */
  q: string;
  /** The previous page's `nextCursor`; absent for the first page. */
  cursor?: string | null;
}

export function adminPagePath(path: string, { q, cursor }: AdminPageRequest): string {
  const query = new URLSearchParams({ limit: String(ADMIN_PAGE_DEFAULT) });
  const search = q.trim();
  if (search) query.set('q', search);
  if (cursor) query.set('cursor', cursor);
  return `${path}?${query.toString()}`;
}

/** The call that fetches one page of the list at `path`, checked with `answer`. */
export const adminPageFetcher =
  <Page>(path: string, answer: AnswerSchema<Page>) =>
  (request: AdminPageRequest) =>
    callCommerce(
      { path: adminPagePath(path, request), answer, failureField: 'error' },
      { init: { cache: 'no-store' } },
    );
