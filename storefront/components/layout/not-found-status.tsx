import { notFound } from 'next/navigation';
import { Suspense } from 'react';

async function Throw(): Promise<never> {
  notFound();
}

/**
 * Makes the answer a 404 while the page renders its own not-found view, so that view is in the
 * server's HTML (ADR 0013). A bare `notFound()` in a page gives the right status, but the
 * production server then sends an empty error document and the view appears only once
 * JavaScript has run. Thrown inside its own Suspense boundary, the not-found error no longer
 * stops the server's HTML, and still sets the status; in the browser the segment's
 * not-found.tsx, which shows the same view, takes over.
 */
export function NotFoundStatus() {
  return (
    <Suspense>
      <Throw />
    </Suspense>
  );
}
