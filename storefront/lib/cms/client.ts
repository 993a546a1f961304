/**
 * The one place that talks to Strapi. Every response is checked with zod, and each read is
 * cached under tags (`cms`, `cms:<type>`) so that the CMS's publish webhook can refresh
 * exactly that data; the cache also expires on a timer in case a webhook is lost.
 */
import 'server-only';
import { z } from 'zod';
import { storefrontConfig } from '../config';

export class CmsError extends Error {
  override name = 'CmsError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Strapi content types the storefront reads, by their API model name. */
export type CmsModel =
  'blog-post' | 'faq-item' | 'testimonial' | 'review' | 'chapter' | 'legal-page';

export const cmsTags = (model: CmsModel) => ['cms', `cms:${model}`];

const collectionSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: z.unknown().optional() });

/** A CMS that hangs must not hang the page: past this, the last good copy or the error view. */
const CMS_TIMEOUT_MS = 8_000;

async function getJson(url: URL, init: RequestInit, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(CMS_TIMEOUT_MS) });
  } catch (error) {
    throw new CmsError(`The CMS is not reachable (${(error as Error).message})`);
  }
  if (!response.ok)
    throw new CmsError(`The CMS answered ${response.status} for ${what}`, response.status);
  return response.json();
}

/** Published entries of one collection (`path` is the plural API name, e.g. `faq-items`). */
export async function fetchCollection<T extends z.ZodType>(
  model: CmsModel,
  path: string,
  query: URLSearchParams,
  item: T,
): Promise<z.infer<T>[]> {
  const { CMS_URL, CMS_REVALIDATE_SECONDS } = storefrontConfig();
  query.set('status', 'published');
  const url = new URL(`/api/${path}?${query.toString()}`, CMS_URL);
  const body = await getJson(
    url,
    { next: { tags: cmsTags(model), revalidate: CMS_REVALIDATE_SECONDS } },
    path,
  );
  const parsed = collectionSchema(item).safeParse(body);
  if (!parsed.success) throw new CmsError(`The CMS sent an unexpected ${path} shape`);
  return parsed.data.data;
}

/** The latest draft of a blog post, for the preview a marketer opens from the admin. */
export async function fetchBlogPostDraft<T extends z.ZodType>(
  slug: string,
  item: T,
): Promise<z.infer<T> | null> {
  const { CMS_URL, PREVIEW_SECRET } = storefrontConfig();
  if (!PREVIEW_SECRET) return null;
  const url = new URL(`/api/preview/blog-posts/${encodeURIComponent(slug)}`, CMS_URL);
  try {
    const body = await getJson(
      url,
      { cache: 'no-store', headers: { 'x-preview-secret': PREVIEW_SECRET } },
      slug,
    );
    const parsed = z.object({ data: item }).safeParse(body);
    if (!parsed.success) throw new CmsError('The CMS sent an unexpected draft shape');
    return (parsed.data as { data: z.infer<T> }).data;
  } catch (error) {
    if (error instanceof CmsError && error.status === 404) return null;
    throw error;
  }
}

/** Strapi media: the storefront serves `/uploads/*` from the CMS on its own origin. */
export const mediaSchema = z.object({
  url: z.string().startsWith('/'),
  alternativeText: z.string().nullable().optional(),
  width: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
});

export type Media = z.infer<typeof mediaSchema>;
