/**
 * The library's membership section (docs/product.md#member-resources): for a member, each
 * month's resources to open; for anyone else, what the months brought and 'Become a member'.
 */
import Link from 'next/link';
import type { MemberShelf as Shelf } from '@aba-shop/contract';
import { formatLongDate } from '@/lib/format/long-date';
import { monthName } from '@aba-shop/service-kit/date-time';

export const memberResourcePath = (resourceId: string) => `/library/members/${resourceId}`;

function MemberResources({ shelf }: { shelf: Shelf }) {
  return (
    <>
      {shelf.access.until ? (
        <p className="text-sm text-slate-700">
          Your membership ends on {formatLongDate(shelf.access.until)}; until then, every
          month&apos;s pack stays here.
        </p>
      ) : null}
      {shelf.resources.length === 0 ? (
        <p className="text-slate-700">
          This month&apos;s worksheets and Q&amp;A recording are on their way: we e-mail you as soon
          as they are published.
        </p>
      ) : (
        <ul className="space-y-3">
          {shelf.resources.map((resource) => (
            <li
              key={resource.id}
              className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <p className="text-sm font-semibold text-emerald-800">{monthName(resource.month)}</p>
              <h3 className="text-lg font-semibold text-slate-900">{resource.title}</h3>
              <p className="mt-1 text-slate-700">{resource.description}</p>
              <Link
                href={memberResourcePath(resource.id)}
                className="mt-3 inline-block rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
              >
                Open<span className="sr-only"> {resource.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function BecomeAMember({ shelf }: { shelf: Shelf }) {
  return (
    <>
      <p className="text-slate-700">
        {shelf.access.state === 'ended' ? 'Your membership has ended. ' : null}
        Members get a new worksheet pack and a recorded Q&amp;A with our ABA team every month, read
        and heard here.
      </p>
      {shelf.resources.length > 0 ? (
        <ul className="space-y-2" aria-label="Recent months for members">
          {shelf.resources.slice(0, 3).map((resource) => (
            <li key={resource.id} className="rounded-xl border border-slate-200 bg-white p-3">
              <p className="text-sm font-semibold text-emerald-800">{monthName(resource.month)}</p>
              <p className="font-semibold text-slate-900">{resource.title}</p>
              <p className="text-sm text-slate-700">{resource.description}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <Link
        href="/membership"
        className="inline-block rounded-lg border border-emerald-700 px-4 py-2 font-semibold text-emerald-800 hover:bg-emerald-50"
      >
        {shelf.access.state === 'ended' ? 'Become a member again' : 'Become a member'}
      </Link>
    </>
  );
}

export function MemberShelf({ shelf }: { shelf: Shelf }) {
  const member = shelf.access.state === 'active';
  return (
    <section aria-labelledby="membership-heading" className="space-y-3">
      <h2 id="membership-heading" className="text-xl font-bold text-slate-900">
        {member ? 'Member resources' : 'Membership'}
      </h2>
      {member ? <MemberResources shelf={shelf} /> : <BecomeAMember shelf={shelf} />}
    </section>
  );
}
