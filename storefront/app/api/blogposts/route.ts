/** `GET /api/blogposts`: the published posts (docs/product.md#api), served from the CMS. */
import { getPublishedPosts, toApiPost } from '@/lib/cms/blog-posts';

export const dynamic = 'force-dynamic';

export async function GET() {
  try {
    const posts = await getPublishedPosts();
    return Response.json(posts.map(toApiPost));
  } catch {
    return Response.json({ message: 'Unable to load blog posts at this time.' }, { status: 503 });
  }
}
