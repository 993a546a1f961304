/** After a payment (docs/product.md#api): the success and thank-you pages' calls. */
import type { PurchaseDetail } from '@aba-shop/contract';
import { anyAnswer, callCommerce } from '../client';
import purchaseDetail from '../contract-schemas/purchase-detail.json';
import { jsonSchemaAnswer } from '../json-schema-answer';
import { messageAnswer } from './message-answer';

export const fetchPurchaseDetail = (sessionId: string) =>
  callCommerce(
    {
      path: `/api/products/purchase-detail?sessionId=${encodeURIComponent(sessionId)}`,
      answer: jsonSchemaAnswer<PurchaseDetail>(purchaseDetail),
    },
    { init: { cache: 'no-store' } },
  );

/** Fulfilment made the record already; this covers a webhook that has not arrived yet. */
export const confirmSubscription = (sessionId: string) =>
  callCommerce({
    path: '/api/subscription-records',
    method: 'POST',
    body: { sessionId },
    answer: anyAnswer,
    failureField: 'error',
  });

/** The service says the same words whether or not the address bought anything. */
export const resendDownloadLinks = async (email: string) =>
  (
    await callCommerce({
      path: '/api/downloads/resend',
      method: 'POST',
      body: { email },
      answer: messageAnswer,
    })
  ).message;
