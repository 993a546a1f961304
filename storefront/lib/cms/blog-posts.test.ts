/** @jest-environment node */
import { splitFeaturedPosts, type BlogPost } from './blog-posts';

function post(slug: string, featured: boolean, created_at: string): BlogPost {
  return {
    id: slug.length,
    title: slug,
    slug,
    excerpt: null,
    content: '<p>text</p>',
    author: null,
    status: 'published',
    created_at,
    cover: null,
    featured,
    category: null,
    icon: null,
  };
}

describe('splitFeaturedPosts', () => {
  it('puts the featured articles first-published first and leaves the rest to the community list', () => {
    const posts = [
      post('community-new', false, '2025-10-28T09:00:00.000Z'),
      post('featured-3', true, '2025-09-16T09:00:00.000Z'),
      post('featured-1', true, '2025-09-02T09:00:00.000Z'),
      post('featured-2', true, '2025-09-09T09:00:00.000Z'),
      post('community-old', false, '2025-10-01T09:00:00.000Z'),
    ];
    const { featured, community } = splitFeaturedPosts(posts);
    expect(featured.map((p) => p.slug)).toEqual(['featured-1', 'featured-2', 'featured-3']);
    expect(community.map((p) => p.slug)).toEqual(['community-new', 'community-old']);
  });

  it('shows at most three featured articles; a fourth one is listed with the community posts', () => {
    const posts = ['2025-01-01', '2025-02-01', '2025-03-01', '2025-04-01'].map((day, index) =>
      post(`featured-${index + 1}`, true, `${day}T00:00:00.000Z`),
    );
    const { featured, community } = splitFeaturedPosts(posts);
    expect(featured).toHaveLength(3);
    expect(community.map((p) => p.slug)).toEqual(['featured-4']);
  });
});
