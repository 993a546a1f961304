/** @jest-environment node */
/**
 * A post's read time is the same on its blog card and on its page: both count the content the
 * CMS answers with (lib/blog/read-time.ts), and no stored figure can make them disagree.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { getPublishedPost, getPublishedPosts, splitFeaturedPosts } from '@/lib/cms/blog-posts';
import { seededStrapiPosts, serveBlogPostsFromCms } from '@/test-support/seeded-blog-posts';
import { CommunityPostCard } from './community-post-card';
import { FeaturedArticleCard } from './featured-article-card';
import { PostArticle } from './post-article';

/** The minutes an element shows before `unit`, or null when it shows none. */
function minutesShown(element: ReactElement, unit: 'min read' | 'min di lettura') {
  const match = new RegExp(`>(\\d+) ${unit}<`).exec(renderToStaticMarkup(element));
  return match ? Number(match[1]) : null;
}

async function cardAndPageMinutes(slug: string) {
  const { featured, community } = splitFeaturedPosts(await getPublishedPosts());
  const listed = [...featured, ...community].find((post) => post.slug === slug);
  const shown = await getPublishedPost(slug);
  if (!listed || !shown) throw new Error(`${slug} is not published`);
  const card = featured.includes(listed) ? (
    <FeaturedArticleCard post={listed} priority={false} />
  ) : (
    <CommunityPostCard post={listed} />
  );
  return {
    card: minutesShown(card, 'min read'),
    page: minutesShown(<PostArticle post={shown} />, 'min di lettura'),
  };
}

describe('read time on the blog cards and the post page', () => {
  it.each([
    ['featured-1', 5],
    ['featured-2', 7],
    ['featured-3', 6],
    ['helping-siblings-understand-autism', 2],
  ])('%s shows %i minutes on its card and on its page', async (slug, minutes) => {
    serveBlogPostsFromCms(seededStrapiPosts());
    expect(await cardAndPageMinutes(slug)).toEqual({ card: minutes, page: minutes });
  });

  it('counts the content, not a read time an older CMS still stores', async () => {
    const words = Array.from({ length: 300 }, (_, index) => `word${index}`).join(' ');
    const [post] = seededStrapiPosts();
    serveBlogPostsFromCms([{ ...post, slug: 'edited', content: words, readTimeMinutes: 12 }]);
    expect(await cardAndPageMinutes('edited')).toEqual({ card: 2, page: 2 });
  });
});
