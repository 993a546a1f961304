/**
 * `GET /api/blogposts/{slug}`: one published post, 404 when there is none (docs/product.md#api).
 */
import { getPublishedPost, toApiPost } from '@/lib/cms/blog-posts';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  try {
    const post = await getPublishedPost(slug);
    if (!post) return Response.json({ message: 'Post not found' }, { status: 404 });
    return Response.json(toApiPost(post));
  } catch {
    return Response.json(
      { message: 'Unable to load the blog post at this time.' },
      { status: 503 },
    );
  }
}
