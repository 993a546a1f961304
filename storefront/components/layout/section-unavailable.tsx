/**
 * Shown in place of a section whose data could not be loaded, so the page still renders. The
 * marker keeps such a page out of the page cache (cache-handler.mjs).
 */
export function SectionUnavailable({ what }: { what: string }) {
  return (
    <p
      role="status"
      data-content-unavailable=""
      className="rounded-lg bg-amber-50 p-4 text-amber-900"
    >
      {what} cannot be shown right now. Please try again in a moment.
    </p>
  );
}
