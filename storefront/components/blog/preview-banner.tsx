/** Shown above a draft while a marketer previews it from the CMS. */
export function PreviewBanner({ slug }: { slug: string }) {
  return (
    <div role="status" className="bg-amber-100 px-4 py-3 text-center text-sm text-amber-950">
      Anteprima della bozza: questa versione non è ancora pubblicata.{' '}
      {/* A plain link: leaving preview is a route handler that clears the draft-mode cookie. */}
      <a
        href={`/api/preview/exit?slug=${encodeURIComponent(slug)}`}
        className="font-semibold underline"
      >
        Esci dall&apos;anteprima
      </a>
    </div>
  );
}
