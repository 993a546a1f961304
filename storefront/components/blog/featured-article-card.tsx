import Image from 'next/image';
import Link from 'next/link';
import type { BlogPost } from '@/lib/cms/blog-posts';
import { readTimeMinutes } from '@/lib/blog/read-time';
import { TopicIcon } from './topic-icon';

/**
 * One of the three featured articles (docs/product.md#blog): image, category, icon, read time,
 * excerpt.
 */
export function FeaturedArticleCard({ post, priority }: { post: BlogPost; priority: boolean }) {
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {post.cover ? (
        <Image
          src={post.cover.url}
          alt={post.cover.alt}
          width={1200}
          height={675}
          sizes="(min-width: 768px) 33vw, 100vw"
          priority={priority}
          unoptimized
          className="aspect-video w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-6">
        <p className="flex items-center gap-2 text-sm font-semibold text-emerald-800">
          <TopicIcon name={post.icon} className="h-5 w-5" />
          {post.category ?? 'ABA Insights'}
        </p>
        <h3 className="mt-3 text-xl font-bold">
          <Link href={`/blog/${post.slug}`} className="after:absolute after:inset-0">
            {post.title}
          </Link>
        </h3>
        {post.excerpt ? <p className="mt-3 flex-1 text-slate-700">{post.excerpt}</p> : null}
        <p className="mt-4 text-sm text-slate-600">{readTimeMinutes(post.content)} min read</p>
      </div>
    </li>
  );
}
