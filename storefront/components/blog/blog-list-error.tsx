'use client';
/**
 * The blog list's error view (docs/product.md#blog, #error-catalogue). 'Try Again' renders the page
 * again on the server, so a recovered CMS gives the same server-rendered list as a first visit.
 */
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { BlogListLoading } from './blog-list-loading';

export function BlogListError() {
  const router = useRouter();
  const [retrying, startRetry] = useTransition();
  if (retrying) return <BlogListLoading />;
  return (
    // The marker keeps the page out of the page cache (cache-handler.mjs).
    <div
      role="alert"
      data-content-unavailable=""
      className="mx-auto max-w-xl rounded-2xl bg-red-50 p-8 text-center"
    >
      <h2 className="text-2xl font-bold text-red-900">Unable to Load Blog Posts</h2>
      <p className="mt-3 text-red-900">Unable to load blog posts at this time.</p>
      <button
        type="button"
        onClick={() => startRetry(() => router.refresh())}
        className="mt-6 rounded-lg bg-red-800 px-6 py-3 font-semibold text-white hover:bg-red-900"
      >
        Try Again
      </button>
    </div>
  );
}
