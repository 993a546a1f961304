/** The checkout result pages' centred card: an icon, a heading, the message and the actions. */
import type { ReactNode } from 'react';

const TONES = {
  success: 'bg-emerald-100 text-emerald-800',
  neutral: 'bg-slate-100 text-slate-700',
  error: 'bg-red-100 text-red-800',
};

export function CheckoutCard({
  tone,
  icon,
  children,
}: {
  tone: keyof typeof TONES;
  icon: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <div
        aria-hidden="true"
        className={`mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full text-2xl ${TONES[tone]}`}
      >
        {icon}
      </div>
      {children}
    </div>
  );
}

/** Links and buttons under the card's text, stacked on a phone and side by side above. */
export function CheckoutActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row [&>*]:text-center">
      {children}
    </div>
  );
}
