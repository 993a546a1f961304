import type { Metadata } from 'next';
import { NewsletterSignUp } from '@/components/newsletter/newsletter-sign-up';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { BlogListError } from '@/components/blog/blog-list-error';
import { CommunityPostCard } from '@/components/blog/community-post-card';
import { FeaturedArticleCard } from '@/components/blog/featured-article-card';
import { ButtonLink } from '@/components/layout/button-link';
import { getPublishedPosts, splitFeaturedPosts } from '@/lib/cms/blog-posts';

// Served from the page cache: rendered again when the CMS publishes, else after a minute. The
// build's copy, made without the CMS, is never served (storefront/cache-handler.mjs).
export const revalidate = 60;

export const metadata: Metadata = pageMetadata({
  title: 'ABA Insights Blog',
  description:
    'Expert advice, parent stories and family tips on applied behaviour analysis at home, from ABA professionals and the families who use it.',
  path: '/blog',
});

const BADGES = ['Expert Advice', 'Parent Stories', 'Family Tips'];

export default async function BlogPage() {
  const posts = await getPublishedPosts().catch(() => null);
  const { featured, community } = posts
    ? splitFeaturedPosts(posts)
    : { featured: [], community: [] };

  return (
    <main className="space-y-16 pb-8">
      <section className="bg-gradient-to-b from-emerald-50 to-white px-4 py-16 text-center">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">ABA Insights Blog</h1>
          <p className="mt-4 text-lg text-slate-700">
            Practical guidance from ABA professionals and real stories from families like yours.
          </p>
          <ul className="mt-8 flex flex-wrap justify-center gap-3">
            {BADGES.map((badge) => (
              <li
                key={badge}
                className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-emerald-900 shadow-sm"
              >
                {badge}
              </li>
            ))}
          </ul>
        </div>
      </section>

      {posts === null ? (
        <section aria-label="Blog posts" className="px-4">
          <BlogListError />
        </section>
      ) : (
        <>
          {featured.length > 0 ? (
            <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4">
              <h2 id="featured-heading" className="text-3xl font-bold">
                Featured Articles
              </h2>
              <ul className="mt-8 grid gap-6 md:grid-cols-3">
                {featured.map((post, index) => (
                  <FeaturedArticleCard key={post.id} post={post} priority={index === 0} />
                ))}
              </ul>
            </section>
          ) : null}

          {community.length > 0 ? (
            <section aria-labelledby="community-heading" className="mx-auto max-w-6xl px-4">
              <h2 id="community-heading" className="text-3xl font-bold">
                Latest From Our Community
              </h2>
              <ul className="mt-8 grid gap-6 md:grid-cols-3">
                {community.map((post) => (
                  <CommunityPostCard key={post.id} post={post} />
                ))}
              </ul>
            </section>
          ) : (
            <section className="mx-auto max-w-xl px-4 text-center">
              <h2 className="text-2xl font-bold">More Content Coming Soon!</h2>
              <p className="mt-3 text-slate-700">
                We are writing new articles for parents. Tell us what you would like to read about.
              </p>
              <ButtonLink href="/contact" className="mt-6">
                Suggest a Topic
              </ButtonLink>
            </section>
          )}
        </>
      )}

      <section
        aria-labelledby="newsletter-heading"
        className="mx-auto max-w-4xl rounded-2xl bg-emerald-800 px-6 py-12 text-center text-white"
      >
        <h2 id="newsletter-heading" className="text-3xl font-bold">
          Stay Updated with ABA Insights
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-emerald-50">
          New strategies, parent stories and answers to your questions, written for busy families.
        </p>
        <ButtonLink href="/contact" variant="inverse" className="mt-6">
          Subscribe to Updates
        </ButtonLink>
        <div className="mx-auto mt-8 max-w-xl">
          <NewsletterSignUp source="blog" language="en" />
        </div>
      </section>
    </main>
  );
}
