export default function BlogPostLoading() {
  return (
    <main
      lang="it"
      className="mx-auto min-h-screen max-w-3xl px-4 py-20 text-center"
      aria-busy="true"
    >
      <div
        className="mx-auto h-10 w-10 animate-spin rounded-full border-4 border-emerald-200 border-t-emerald-700"
        aria-hidden="true"
      />
      <p className="mt-4 text-slate-700">Caricamento dell&apos;articolo...</p>
    </main>
  );
}
