import { ButtonLink } from '@/components/layout/button-link';

export const POST_NOT_FOUND_TITLE = 'Post non trovato';
export const POST_UNAVAILABLE_TEXT =
  'Il post del blog che stai cercando non esiste o non è più disponibile.';

/**
 * The blog detail's not-found and error view (docs/product.md#blog-post, #error-catalogue), in
 * Italian. The error view is marked `unavailable`, which keeps it out of the page cache
 * (cache-handler.mjs).
 */
export function PostUnavailable({
  title,
  unavailable = false,
}: {
  title: string;
  unavailable?: boolean;
}) {
  return (
    <main
      lang="it"
      data-content-unavailable={unavailable ? '' : undefined}
      className="mx-auto max-w-3xl px-4 py-20 text-center"
    >
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-700">{POST_UNAVAILABLE_TEXT}</p>
      <ButtonLink href="/blog" className="mt-8">
        Torna al Blog
      </ButtonLink>
    </main>
  );
}
