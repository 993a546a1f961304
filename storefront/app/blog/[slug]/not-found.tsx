import { PostUnavailable } from '@/components/blog/post-unavailable';

export default function BlogPostNotFound() {
  return <PostUnavailable title="Post non trovato" />;
}
