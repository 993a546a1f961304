import 'server-only';
import { draftMode } from 'next/headers';
import { cache } from 'react';
import { getDraftPost, getPublishedPost, type BlogPost } from './blog-posts';

/**
 * The post a request shows: the draft in preview mode, else the published one; null when there
 * is none, 'failed' when the CMS could not answer. Cached per request, so the layout, the
 * metadata and the page share one lookup.
 */
export const postForRequest = cache(async (slug: string): Promise<BlogPost | null | 'failed'> => {
  const preview = (await draftMode()).isEnabled;
  try {
    return preview ? await getDraftPost(slug) : await getPublishedPost(slug);
  } catch {
    return 'failed';
  }
});
