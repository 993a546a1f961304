import { POST_NOT_FOUND_TITLE, PostUnavailable } from '@/components/blog/post-unavailable';

/**
 * A blog post that does not exist, as the browser shows it once the page has loaded; the
 * server's HTML has the same view from the page itself (components/layout/not-found-status.tsx).
 */
export default function BlogPostNotFound() {
  return <PostUnavailable title={POST_NOT_FOUND_TITLE} />;
}
