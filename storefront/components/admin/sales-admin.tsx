'use client';
/**
 * /admin behind its gate: only an administrator's browser asks for the figures and the shop's
 * health (docs/product.md#admin-overview, #shop-health).
 */
import { AdminArea } from './admin-area';
import { ADMIN_SECTIONS } from './admin-nav';
import { HealthPanel } from './health-panel';
import { startOverviewAhead } from './overview-head-start';
import { SalesDashboard } from './sales-dashboard';

const RETURN_PATH = ADMIN_SECTIONS.overview.href;

// In the browser, as soon as this code is loaded: the session check and, for an administrator,
// the first figures run while React is still building the page.
if (typeof window !== 'undefined') startOverviewAhead();

export function SalesAdmin() {
  return (
    <AdminArea section="overview" returnPath={RETURN_PATH}>
      <div className="space-y-12">
        <SalesDashboard returnPath={RETURN_PATH} />
        <HealthPanel returnPath={RETURN_PATH} />
      </div>
    </AdminArea>
  );
}
