/**
 * The admin area's green banner for what an action did (docs/product.md#states): its live region
 * stays in the page, so a screen reader announces each new message.
 */
export function SuccessBanner({ message }: { message: string | null }) {
  return (
    <div aria-live="polite">
      {message ? (
        <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm font-medium text-emerald-900">
          {message}
        </p>
      ) : null}
    </div>
  );
}
