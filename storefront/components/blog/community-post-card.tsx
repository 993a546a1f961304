import Link from 'next/link';
import type { BlogPost } from '@/lib/cms/blog-posts';
import { formatListDate } from '@/lib/blog/dates';
import { readTimeMinutes } from '@/lib/blog/read-time';

/**
 * A community post in the blog list (docs/product.md#blog): date, read time, title, excerpt,
 * author.
 */
export function CommunityPostCard({ post }: { post: BlogPost }) {
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
        <time dateTime={post.created_at}>{formatListDate(post.created_at)}</time>
        <span aria-hidden="true">·</span>
        <span>{readTimeMinutes(post.content)} min read</span>
      </p>
      <h3 className="mt-3 text-xl font-bold">{post.title}</h3>
      {post.excerpt ? <p className="mt-3 flex-1 text-slate-700">{post.excerpt}</p> : null}
      <div className="mt-6 flex items-center justify-between gap-4 text-sm">
        {post.author ? <span className="text-slate-700">Di {post.author}</span> : <span />}
        <Link
          href={`/blog/${post.slug}`}
          className="font-semibold text-emerald-800 hover:underline"
          aria-label={`Leggi tutto: ${post.title}`}
        >
          Leggi tutto →
        </Link>
      </div>
    </li>
  );
}
