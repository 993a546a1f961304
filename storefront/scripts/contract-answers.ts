/**
 * The commerce contract's answer schemas that browser code checks, as JSON Schema: what
 * write-answer-schemas.ts writes to lib/commerce/contract-schemas/, and what
 * lib/commerce/contract-schemas.test.ts compares those files with.
 */
import { z } from 'zod';
import {
  adminOrderDetailSchema,
  adminOrderPageSchema,
  adminWithdrawalListSchema,
  contactResponseSchema,
  createCheckoutSessionResponseSchema,
  currentUserSchema,
  embeddedCheckoutSchema,
  libraryDevicesSchema,
  libraryOpenedSchema,
  libraryProgressSchema,
  librarySchema,
  myWithdrawalContractsSchema,
  newsletterSignUpResponseSchema,
  newsletterUnsubscribeResponseSchema,
  portalSessionSchema,
  productListSchema,
  reviewResponseSchema,
  salesSummarySchema,
  purchaseDetailSchema,
  purchasesSchema,
  shopHealthSchema,
  subscriptionRecordPageSchema,
  subscriptionRecordSchema,
  withdrawableContractSchema,
  withdrawalReceiptSchema,
} from '@aba-shop/contract';

export const CONTRACT_ANSWERS = {
  productList: productListSchema,
  checkoutSession: createCheckoutSessionResponseSchema,
  purchaseDetail: purchaseDetailSchema,
  contactResponse: contactResponseSchema,
  subscriptionRecord: subscriptionRecordSchema,
  subscriptionRecordPage: subscriptionRecordPageSchema,
  /** GET /api/users/me answers null when nobody is signed in. */
  currentUser: currentUserSchema.nullable(),
  purchases: purchasesSchema,
  membershipPortal: portalSessionSchema,
  embeddedCheckout: embeddedCheckoutSchema,
  adminOrderPage: adminOrderPageSchema,
  adminOrderDetail: adminOrderDetailSchema,
  withdrawableContract: withdrawableContractSchema,
  myWithdrawalContracts: myWithdrawalContractsSchema,
  withdrawalReceipt: withdrawalReceiptSchema,
  adminWithdrawalList: adminWithdrawalListSchema,
  library: librarySchema,
  libraryOpened: libraryOpenedSchema,
  libraryDevices: libraryDevicesSchema,
  libraryProgress: libraryProgressSchema,
  salesSummary: salesSummarySchema,
  shopHealth: shopHealthSchema,
  newsletterSignUp: newsletterSignUpResponseSchema,
  newsletterUnsubscribe: newsletterUnsubscribeResponseSchema,
  reviewSent: reviewResponseSchema,
};

/** Each answer as zod writes it for what a parse gives (`io: 'output'`), without `$schema`. */
export function answerSchemasFromContract(): Record<keyof typeof CONTRACT_ANSWERS, object> {
  const entries = Object.entries(CONTRACT_ANSWERS).map(([name, schema]) => {
    const { $schema: _version, ...json }: Record<string, unknown> = z.toJSONSchema(schema, {
      io: 'output',
    });
    return [name, json];
  });
  return Object.fromEntries(entries) as Record<keyof typeof CONTRACT_ANSWERS, object>;
}

/** `purchaseDetail` is written to purchase-detail.ts. */
export const moduleNameOf = (name: string) =>
  name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
