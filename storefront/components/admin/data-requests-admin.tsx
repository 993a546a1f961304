'use client';
/** /admin/data-requests behind its gate: only an administrator's browser asks for the requests. */
import { AdminArea } from './admin-area';
import { ADMIN_SECTIONS } from './admin-nav';
import { DataRequestsManager } from './data-requests-manager';

const RETURN_PATH = ADMIN_SECTIONS.dataRequests.href;

export function DataRequestsAdmin() {
  return (
    <AdminArea section="dataRequests" returnPath={RETURN_PATH}>
      <DataRequestsManager returnPath={RETURN_PATH} />
    </AdminArea>
  );
}
