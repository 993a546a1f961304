import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { postForRequest } from '@/lib/cms/post-for-request';

type Props = { children: ReactNode; params: Promise<{ slug: string }> };

/**
 * Looks the post up above the page's loading boundary: an unknown slug is known before
 * anything streams, so the answer is a real HTTP 404 and not a 200 with a not-found text.
 */
export default async function BlogPostLayout({ children, params }: Props) {
  const { slug } = await params;
  if ((await postForRequest(slug)) === null) notFound();
  return children;
}
