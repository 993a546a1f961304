'use client';
/** /admin/subscriptions behind its gate: only an administrator's browser asks for the list. */
import { AdminArea } from './admin-area';
import { ADMIN_SECTIONS } from './admin-nav';
import { SubscriptionRecordsManager } from './subscription-records-manager';

const RETURN_PATH = ADMIN_SECTIONS.records.href;

export function SubscriptionRecordsAdmin() {
  return (
    <AdminArea section="records" returnPath={RETURN_PATH}>
      <SubscriptionRecordsManager returnPath={RETURN_PATH} />
    </AdminArea>
  );
}
