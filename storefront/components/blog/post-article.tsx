import Link from 'next/link';
import { ButtonLink } from '@/components/layout/button-link';
import type { BlogPost } from '@/lib/cms/blog-posts';
import { formatDetailDate } from '@/lib/blog/dates';
import { readTimeMinutes } from '@/lib/blog/read-time';

/**
 * A blog post in full (docs/product.md#blog-post): the page's own words are Italian, the post's
 * title, excerpt and text are English, and each part says so, so that a screen reader speaks
 * each in its own language (docs/product.md#accessibility). The HTML was sanitised by lib/cms.
 */
export function PostArticle({ post }: { post: BlogPost }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <Link href="/blog" lang="it" className="text-sm font-medium text-emerald-800 hover:underline">
        ← Torna al Blog
      </Link>
      <h1 lang="en" className="mt-6 text-4xl font-bold tracking-tight">
        {post.title}
      </h1>
      <p lang="it" className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        {post.author ? <span>Di {post.author}</span> : null}
        <time dateTime={post.created_at}>{formatDetailDate(post.created_at)}</time>
        <span>{readTimeMinutes(post.content)} min di lettura</span>
      </p>
      {post.excerpt ? (
        <blockquote
          lang="en"
          className="mt-8 rounded-r-lg border-l-4 border-emerald-600 bg-emerald-50 p-4 text-lg italic text-slate-800"
        >
          {post.excerpt}
        </blockquote>
      ) : null}
      <div
        lang="en"
        className="mt-8 space-y-4 leading-relaxed [&_a]:text-emerald-800 [&_a]:underline [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-semibold [&_li]:ml-6 [&_ol]:list-decimal [&_ul]:list-disc"
        dangerouslySetInnerHTML={{ __html: post.content }}
      />
      <aside className="mt-16 rounded-2xl bg-slate-50 p-8 text-center">
        <h2 className="text-2xl font-bold">Did you find this article helpful?</h2>
        <div className="mt-6 flex flex-wrap justify-center gap-4">
          <ButtonLink href="/shop">Explore Our eBooks</ButtonLink>
          <ButtonLink href="/blog" variant="secondary">
            Read More Articles
          </ButtonLink>
        </div>
      </aside>
    </article>
  );
}
