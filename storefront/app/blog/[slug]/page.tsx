import type { Metadata } from 'next';
import { draftMode } from 'next/headers';
import { NotFoundStatus } from '@/components/layout/not-found-status';
import { JsonLd } from '@/components/seo/json-ld';
import { PostArticle } from '@/components/blog/post-article';
import {
  POST_NOT_FOUND_TITLE,
  POST_UNAVAILABLE_TEXT,
  PostUnavailable,
} from '@/components/blog/post-unavailable';
import { PreviewBanner } from '@/components/blog/preview-banner';
import { storefrontConfig } from '@/lib/config';
import { pageMetadata, SHARE_IMAGE } from '@/lib/seo/page-metadata';
import { blogPostingData } from '@/lib/seo/structured-data';
import { postForRequest } from '@/lib/cms/post-for-request';

type Params = { params: Promise<{ slug: string }> };

// Served from the page cache: rendered again when the CMS publishes, else after a minute. The
// build's copy, made without the CMS, is never served (storefront/cache-handler.mjs).
export const revalidate = 60;

/** No post is rendered at build time; each is rendered at its first view, then cached. */
export function generateStaticParams(): { slug: string }[] {
  return [];
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { slug } = await params;
  const post = await postForRequest(slug);
  if (!post)
    return {
      title: POST_NOT_FOUND_TITLE,
      description: POST_UNAVAILABLE_TEXT,
      robots: { index: false },
    };
  if (post === 'failed') return { title: 'Blog' };
  const metadata = pageMetadata({
    title: post.title,
    description: post.excerpt ?? `${post.title}: un articolo del blog di ABA Parent Guides.`,
    path: `/blog/${post.slug}`,
    locale: 'it_IT',
    type: 'article',
  });
  return {
    ...metadata,
    openGraph: {
      ...metadata.openGraph,
      type: 'article',
      publishedTime: post.created_at,
      authors: post.author ? [post.author] : undefined,
      images: post.cover ? [{ url: post.cover.url, alt: post.cover.alt }] : [SHARE_IMAGE],
    },
  };
}

export default async function BlogPostPage({ params }: Params) {
  const { slug } = await params;
  const preview = (await draftMode()).isEnabled;
  const post = await postForRequest(slug);
  if (post === 'failed')
    return <PostUnavailable title="Impossibile caricare il post del blog" unavailable />;
  if (!post) {
    return (
      <>
        <PostUnavailable title={POST_NOT_FOUND_TITLE} />
        <NotFoundStatus />
      </>
    );
  }
  return (
    <main>
      {preview ? <PreviewBanner slug={slug} /> : null}
      <JsonLd data={blogPostingData(post, storefrontConfig().SITE_URL)} />
      <PostArticle post={post} />
    </main>
  );
}
