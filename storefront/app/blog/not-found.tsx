import { PostUnavailable } from '@/components/blog/post-unavailable';

/** A blog post that does not exist (spec §2, §8); the [slug] layout decides, before streaming. */
export default function BlogPostNotFound() {
  return <PostUnavailable title="Post non trovato" />;
}
