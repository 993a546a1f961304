/**
 * Every migration, in order. Listed in code rather than read from a folder so that the
 * compiled service and the tests run exactly the same set.
 */
import type { Migration, MigrationProvider } from 'kysely/migration';
import * as catalogue from './0001-catalogue.ts';
import * as ordersAndFulfilment from './0002-orders-and-fulfilment.ts';
import * as signInCodeRequests from './0003-sign-in-code-requests.ts';
import * as readinessProbe from './0004-readiness-probe.ts';
import * as chargedAmountsAndMemberships from './0005-charged-amounts-and-memberships.ts';
import * as supportConsole from './0006-support-console.ts';
import * as signInCodeClients from './0007-sign-in-code-clients.ts';
import * as withdrawals from './0008-withdrawals.ts';
import * as consentRecords from './0009-consent-records.ts';
import * as dataRequests from './0010-data-requests.ts';
import * as downloadLinkRequests from './0011-download-link-requests.ts';
import * as withdrawalRefundAttempts from './0012-withdrawal-refund-attempts.ts';
import * as library from './0013-library.ts';
import * as memberResources from './0014-member-resources.ts';
import * as salesFigures from './0015-sales-figures.ts';
import * as consoleRefunds from './0016-console-refunds.ts';
import * as disputes from './0017-disputes.ts';
import * as keepingInTouch from './0018-keeping-in-touch.ts';
import * as libraryDevices from './0019-library-devices.ts';
import * as withdrawalConfirmation from './0020-withdrawal-confirmation.ts';
import * as orderNumbers from './0021-order-numbers.ts';
import * as jobRuns from './0022-job-runs.ts';
import * as reviewErasure from './0023-review-erasure.ts';
import * as downloadsOwnTheirRecords from './0024-downloads-own-their-records.ts';
import * as oneRefundRecord from './0025-one-refund-record.ts';
import * as signInCodes from './0026-sign-in-codes.ts';

const migrations: Record<string, Migration> = {
  '0001-catalogue': catalogue,
  '0002-orders-and-fulfilment': ordersAndFulfilment,
  '0003-sign-in-code-requests': signInCodeRequests,
  '0004-readiness-probe': readinessProbe,
  '0005-charged-amounts-and-memberships': chargedAmountsAndMemberships,
  '0006-support-console': supportConsole,
  '0007-sign-in-code-clients': signInCodeClients,
  '0008-withdrawals': withdrawals,
  '0009-consent-records': consentRecords,
  '0010-data-requests': dataRequests,
  '0011-download-link-requests': downloadLinkRequests,
  '0012-withdrawal-refund-attempts': withdrawalRefundAttempts,
  '0013-library': library,
  '0014-member-resources': memberResources,
  '0015-sales-figures': salesFigures,
  '0016-console-refunds': consoleRefunds,
  '0017-disputes': disputes,
  '0018-keeping-in-touch': keepingInTouch,
  '0019-library-devices': libraryDevices,
  '0020-withdrawal-confirmation': withdrawalConfirmation,
  '0021-order-numbers': orderNumbers,
  '0022-job-runs': jobRuns,
  '0023-review-erasure': reviewErasure,
  '0024-downloads-own-their-records': downloadsOwnTheirRecords,
  '0025-one-refund-record': oneRefundRecord,
  '0026-sign-in-codes': signInCodes,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
