'use client';
/** /admin behind its gate: only an administrator's browser asks for the figures. */
import { AdminArea } from './admin-area';
import { ADMIN_SECTIONS } from './admin-nav';
import { SalesDashboard } from './sales-dashboard';

const RETURN_PATH = ADMIN_SECTIONS.overview.href;

export function SalesAdmin() {
  return (
    <AdminArea section="overview" returnPath={RETURN_PATH}>
      <SalesDashboard returnPath={RETURN_PATH} />
    </AdminArea>
  );
}
