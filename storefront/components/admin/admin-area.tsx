'use client';
/**
 * An admin page behind its gate (docs/product.md#states), with the area's sub-navigation: only an
 * administrator's browser asks the API for anything, and only an administrator sees the sections.
 */
import type { ReactNode } from 'react';
import { AdminGate } from './admin-gate';
import { ADMIN_SECTIONS, AdminNav, type AdminSection } from './admin-nav';

export function AdminArea({
  section,
  returnPath,
  children,
}: {
  section: AdminSection;
  /** This page's path, where signing in comes back to; a section's own path on its list. */
  returnPath: string;
  children: ReactNode;
}) {
  return (
    <AdminGate returnPath={returnPath}>
      <div className="space-y-6">
        <AdminNav current={section} inside={returnPath !== ADMIN_SECTIONS[section].href} />
        {children}
      </div>
    </AdminGate>
  );
}
