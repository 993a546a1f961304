import type { ReactNode } from 'react';

/**
 * A line drawing on a 24-unit grid in the text's colour, hidden from assistive technology: the
 * control or the text around it says what it means.
 */
export function StrokeIcon({
  className = 'h-5 w-5',
  strokeWidth = '2',
  strokeLinecap,
  strokeLinejoin,
  children,
}: {
  className?: string;
  strokeWidth?: string;
  strokeLinecap?: 'round';
  strokeLinejoin?: 'round';
  /** The shapes, drawn with the stroke. */
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap={strokeLinecap}
      strokeLinejoin={strokeLinejoin}
    >
      {children}
    </svg>
  );
}
