'use client';
/**
 * A member resource in the library (docs/product.md#member-resources): the library's states
 * first, then the resource for a member, or what it is and 'Become a member' for anyone else.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { MemberResource } from '@aba-shop/contract';
import { monthName } from '@aba-shop/service-kit/date-time';
import { LibraryGate } from './library-gate';

const BACK_CLASS = 'font-semibold text-emerald-800 underline';

export function MemberResourceGate({
  resourceId,
  children,
}: {
  resourceId: string;
  children: (resource: MemberResource) => ReactNode;
}) {
  return (
    <LibraryGate>
      {({ membership }) => {
        const resource = membership.resources.find((entry) => entry.id === resourceId);
        if (!resource) {
          return (
            <p role="alert">
              This member resource is not available.{' '}
              <Link href="/library" className={BACK_CLASS}>
                Back to your library
              </Link>
            </p>
          );
        }
        return (
          <>
            <p className="mb-2">
              <Link href="/library" className={BACK_CLASS}>
                ← Your library
              </Link>
            </p>
            <p className="text-sm font-semibold text-emerald-800">{monthName(resource.month)}</p>
            <h1 className="mb-4 text-2xl font-bold sm:text-3xl">{resource.title}</h1>
            {membership.access.state === 'active' ? (
              children(resource)
            ) : (
              <div className="space-y-3">
                <p>{resource.description}</p>
                <p role="alert" className="font-semibold">
                  This is for members: become a member to read and listen.
                </p>
                <Link
                  href="/membership"
                  className="inline-block rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
                >
                  Become a member
                </Link>
              </div>
            )}
          </>
        );
      }}
    </LibraryGate>
  );
}
