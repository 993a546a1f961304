/** @jest-environment node */
/**
 * The posts the CMS seeds (cms/data/blog-posts.json) are as long as the blog says they are,
 * counted by the rule the blog shows (read-time.ts) on the text the CMS answers with.
 */
import { getPublishedPosts, splitFeaturedPosts, type BlogPost } from '@/lib/cms/blog-posts';
import { seededStrapiPosts, serveBlogPostsFromCms } from '@/test-support/seeded-blog-posts';
import { readTimeMinutes } from './read-time';

describe('the seeded blog posts', () => {
  let posts: BlogPost[];

  beforeAll(async () => {
    serveBlogPostsFromCms(seededStrapiPosts());
    posts = await getPublishedPosts();
  });

  it('have the three featured articles read in 5, 7 and 6 minutes', () => {
    const { featured } = splitFeaturedPosts(posts);
    expect(
      featured.map((post) => [post.slug, post.category, readTimeMinutes(post.content)]),
    ).toEqual([
      ['featured-1', 'Getting Started', 5],
      ['featured-2', 'Emotional Development', 7],
      ['featured-3', 'Family Support', 6],
    ]);
  });

  it('have community posts long enough to read like posts, two minutes or more', () => {
    const { community } = splitFeaturedPosts(posts);
    expect(community.length).toBeGreaterThan(0);
    const short = community.filter((post) => readTimeMinutes(post.content) < 2);
    expect(short.map((post) => post.slug)).toEqual([]);
  });
});
