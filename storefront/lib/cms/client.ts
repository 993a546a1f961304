/**
 * The one place that talks to Strapi. Every response is checked with zod, and each read is
 * cached under its own tag so that the CMS's publish webhook can refresh exactly that data.
 */
import 'server-only';
import { z } from 'zod';
import { storefrontConfig } from '../config';

export class CmsError extends Error {
  override name = 'CmsError';
}

const collectionSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: z.unknown().optional() });

export async function fetchCollection<T extends z.ZodType>(
  path: string,
  query: URLSearchParams,
  item: T,
  tags: string[],
): Promise<z.infer<T>[]> {
  const { CMS_URL, CMS_REVALIDATE_SECONDS } = storefrontConfig();
  query.set('status', 'published');
  const url = new URL(`/api/${path}?${query.toString()}`, CMS_URL);
  let response: Response;
  try {
    response = await fetch(url, { next: { tags, revalidate: CMS_REVALIDATE_SECONDS } });
  } catch (error) {
    throw new CmsError(`The CMS is not reachable (${(error as Error).message})`);
  }
  if (!response.ok) throw new CmsError(`The CMS answered ${response.status} for ${path}`);
  const parsed = collectionSchema(item).safeParse(await response.json());
  if (!parsed.success) throw new CmsError(`The CMS sent an unexpected ${path} shape`);
  return parsed.data.data;
}
