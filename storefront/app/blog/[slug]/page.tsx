import type { Metadata } from 'next';
import { draftMode } from 'next/headers';
import { notFound } from 'next/navigation';
import { PostArticle } from '@/components/blog/post-article';
import { PostUnavailable } from '@/components/blog/post-unavailable';
import { PreviewBanner } from '@/components/blog/preview-banner';
import { getDraftPost, getPublishedPost, type BlogPost } from '@/lib/cms/blog-posts';

type Params = { params: Promise<{ slug: string }> };

export const dynamic = 'force-dynamic';

async function loadPost(slug: string, preview: boolean): Promise<BlogPost | null | 'failed'> {
  try {
    return preview ? await getDraftPost(slug) : await getPublishedPost(slug);
  } catch {
    return 'failed';
  }
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { slug } = await params;
  const post = await loadPost(slug, (await draftMode()).isEnabled);
  // Here, before the page streams, a missing post still turns into an HTTP 404 for crawlers.
  if (!post) notFound();
  if (post === 'failed') return { title: 'Blog' };
  return { title: post.title, description: post.excerpt ?? undefined };
}

export default async function BlogPostPage({ params }: Params) {
  const { slug } = await params;
  const preview = (await draftMode()).isEnabled;
  const post = await loadPost(slug, preview);
  if (post === 'failed') return <PostUnavailable title="Impossibile caricare il post del blog" />;
  if (!post) notFound();
  return (
    <>
      {preview ? <PreviewBanner slug={slug} /> : null}
      <PostArticle post={post} />
    </>
  );
}
