/** The blog list's loading view (docs/product.md#blog). */
export function BlogListLoading() {
  return (
    <div role="status" className="py-16 text-center">
      <div
        className="mx-auto h-10 w-10 animate-spin rounded-full border-4 border-emerald-200 border-t-emerald-700"
        aria-hidden="true"
      />
      <p className="mt-4 text-slate-700">Loading blog posts...</p>
    </div>
  );
}
