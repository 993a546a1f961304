'use client';
/** /admin/subscriptions behind its gate: only an administrator's browser asks for the list. */
import { AdminGate } from './admin-gate';
import { SubscriptionRecordsManager } from './subscription-records-manager';

const RETURN_PATH = '/admin/subscriptions';

export function SubscriptionRecordsAdmin() {
  return (
    <AdminGate returnPath={RETURN_PATH}>
      <SubscriptionRecordsManager returnPath={RETURN_PATH} />
    </AdminGate>
  );
}
