import { BlogListLoading } from '@/components/blog/blog-list-loading';

export default function BlogLoading() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-12">
      <BlogListLoading />
    </main>
  );
}
