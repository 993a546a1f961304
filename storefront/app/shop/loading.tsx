/**
 * Shown while the shop's products load (spec §2 Shop). A full screen tall, so that the page
 * replacing it moves nothing on screen (no layout shift).
 */
export default function ShopLoading() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4">
      <span
        aria-hidden="true"
        className="h-12 w-12 animate-spin rounded-full border-4 border-emerald-100 border-t-emerald-700"
      />
      <p role="status" className="text-lg text-slate-700">
        Loading products...
      </p>
    </main>
  );
}
