/**
 * The support console's calls to the admin orders API (docs/product.md#api): the searched,
 * paged list, one order with its audit trail, the three access actions and the refund. Failures are `{ error }`,
 * in Italian, which the pages show.
 */
import type { AdminOrderDetail, AdminOrderPage } from '@aba-shop/contract';
import { callCommerce } from '../client';
import adminOrderDetail from '../contract-schemas/admin-order-detail.json';
import adminOrderPage from '../contract-schemas/admin-order-page.json';
import { jsonSchemaAnswer } from '../json-schema-answer';
import { adminPageFetcher } from './admin-page';
import { messageAnswer } from './message-answer';

export const ADMIN_ORDERS_PATH = '/api/admin/orders';

export const adminOrderPath = (orderId: string) =>
  `${ADMIN_ORDERS_PATH}/${encodeURIComponent(orderId)}`;

const detailAnswer = jsonSchemaAnswer<AdminOrderDetail>(adminOrderDetail);

/** One page of the orders a search finds (all of them for an empty search), newest first. */
export const fetchAdminOrderPage = adminPageFetcher(
  ADMIN_ORDERS_PATH,
  jsonSchemaAnswer<AdminOrderPage>(adminOrderPage),
);

export const fetchAdminOrder = (orderId: string) =>
  callCommerce(
    { path: adminOrderPath(orderId), answer: detailAnswer, failureField: 'error' },
    { init: { cache: 'no-store' } },
  );

/** Revoking or restoring answers the order as it now is, audit trail included. */
const changeAccess = (orderId: string, action: 'revoke' | 'restore') =>
  callCommerce({
    path: `${adminOrderPath(orderId)}/${action}`,
    method: 'POST',
    answer: detailAnswer,
    failureField: 'error',
  });

export const revokeOrderAccess = (orderId: string) => changeAccess(orderId, 'revoke');
export const restoreOrderAccess = (orderId: string) => changeAccess(orderId, 'restore');

/**
 * Refunds the whole order (`lineIds` null: every line not refunded yet) or the lines named,
 * through the payment provider; answers the order as it now is, whose newest refund says
 * whether the provider made it or it waits to be asked again.
 */
export const refundOrder = (orderId: string, lineIds: string[] | null) =>
  callCommerce({
    path: `${adminOrderPath(orderId)}/refunds`,
    method: 'POST',
    body: lineIds ? { lineIds } : {},
    answer: detailAnswer,
    failureField: 'error',
  });

/** 'Invia le prove': sends the order's dispute evidence through Stripe; answers the order. */
export const submitDisputeEvidence = (orderId: string) =>
  callCommerce({
    path: `${adminOrderPath(orderId)}/dispute/evidence`,
    method: 'POST',
    answer: detailAnswer,
    failureField: 'error',
  });

/** Sends the buyer fresh download links by the shop's mail: 202, with the service's words. */
export const resendOrderLinks = async (orderId: string) =>
  (
    await callCommerce({
      path: `${adminOrderPath(orderId)}/resend`,
      method: 'POST',
      answer: messageAnswer,
      failureField: 'error',
    })
  ).message;
