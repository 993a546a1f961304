/**
 * A 1–5 star rating, read by screen readers as "Rated N out of 5", or as the caller words it
 * (a verified buyer's review says whose rating it is).
 */
export function StarRating({ rating, label }: { rating: number; label?: string }) {
  return (
    <p
      className="flex gap-0.5 text-amber-500"
      role="img"
      aria-label={label ?? `Rated ${rating} out of 5`}
    >
      {Array.from({ length: 5 }, (_, index) => (
        <svg
          key={index}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-5 w-5 ${index < rating ? 'fill-current' : 'fill-slate-200'}`}
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </p>
  );
}
