/**
 * The Newsletter panel's calls to the commerce service (docs/product.md#keeping-in-touch), which
 * keeps the list and sends the mail: a preview of a saved draft to the marketer, and the counts
 * of the list and of an issue's sending. Each carries MEMBER_CONTENT_SECRET. A failure is an
 * answer in words for the panel, never an exception: the shop being away must not blank it.
 */
import { z } from 'zod';
import { MEMBER_CONTENT_SECRET_HEADER } from '../../commerce-secret';
import type { IssueContent } from './for-commerce';

export const SHOP_UNREACHABLE = 'The shop cannot be reached right now: try again in a moment.';

const TIMEOUT_MS = 10_000;

export interface CommerceLink {
  commerceUrl: string;
  secret: string | undefined;
}

export type CommerceAnswer<T> =
  | { ok: true; value: T }
  /** status: 400 when the commerce service refused what was asked (its message says why), 502 when it could not answer. */
  | { ok: false; status: 400 | 502; message: string; cause?: string };

export const newsletterCountsSchema = z.object({
  subscribers: z.object({
    confirmed: z.number().int(),
    pending: z.number().int(),
    unsubscribed: z.number().int(),
  }),
  issue: z
    .object({ recipients: z.number().int(), sent: z.number().int(), startedAt: z.string() })
    .nullable(),
});
export type NewsletterCounts = z.infer<typeof newsletterCountsSchema>;

const messageSchema = z.object({ message: z.string().min(1) });

async function callCommerce<T>(
  link: CommerceLink,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
  expected: number,
  schema: z.ZodType<T>,
): Promise<CommerceAnswer<T>> {
  const unreachable = (cause: string) =>
    ({ ok: false, status: 502, message: SHOP_UNREACHABLE, cause }) as const;
  if (!link.secret) return unreachable('MEMBER_CONTENT_SECRET is not set');
  let response: Response;
  try {
    response = await fetch(new URL(path, link.commerceUrl), {
      method: init.method,
      headers: {
        [MEMBER_CONTENT_SECRET_HEADER]: link.secret,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return unreachable(`${path}: ${(error as Error).message}`);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status === expected) {
    const parsed = schema.safeParse(body);
    return parsed.success
      ? { ok: true, value: parsed.data }
      : unreachable(`${path} answered an unexpected body`);
  }
  // A refusal of what the marketer asked is theirs to read; a refused secret or a failure of
  // the shop's is not something they can act on, so it is logged and said in plain words.
  const refusal = messageSchema.safeParse(body);
  if (response.status >= 400 && response.status < 500 && response.status !== 401) {
    if (refusal.success) return { ok: false, status: 400, message: refusal.data.message };
  }
  return unreachable(`${path} answered ${response.status}`);
}

/** `POST /api/newsletter/issues/preview`: the saved draft, e-mailed to one address. */
export function sendIssuePreview(
  link: CommerceLink,
  to: string,
  issue: IssueContent,
): Promise<CommerceAnswer<{ message: string }>> {
  return callCommerce(
    link,
    '/api/newsletter/issues/preview',
    { method: 'POST', body: { to, issue } },
    202,
    messageSchema,
  );
}

/** `GET /api/newsletter/counts`: the list's counts, and an issue's sending when given. */
export function readNewsletterCounts(
  link: CommerceLink,
  documentId: string | undefined,
): Promise<CommerceAnswer<NewsletterCounts>> {
  const query = documentId ? `?${new URLSearchParams({ issue: documentId })}` : '';
  return callCommerce(
    link,
    `/api/newsletter/counts${query}`,
    { method: 'GET' },
    200,
    newsletterCountsSchema,
  );
}
