/**
 * Shown in place of the guides' pictures and the products while the shop API answers
 * (docs/product.md#shop), and of the membership's offer (docs/product.md#membership-page). The
 * hero above it is already on screen; this block is below the first screen on a phone, and tall
 * enough that what replaces it moves little.
 */
export function ProductsLoading({ message = 'Loading products...' }: { message?: string }) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4">
      <span
        aria-hidden="true"
        className="h-12 w-12 animate-spin rounded-full border-4 border-emerald-100 border-t-emerald-700"
      />
      <p role="status" className="text-lg text-slate-700">
        {message}
      </p>
    </div>
  );
}
