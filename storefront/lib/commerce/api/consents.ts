/** The cookie banner's call (docs/product.md#api POST /api/consents). */
import type { ConsentRecordBody } from '@aba-shop/contract';
import { anyAnswer, callCommerce } from '../client';

/** Keeps an answer in the shop's consent records; the browser does not read the answer. */
export const recordConsentAnswer = (body: ConsentRecordBody) =>
  callCommerce({ path: '/api/consents', method: 'POST', body, answer: anyAnswer });
