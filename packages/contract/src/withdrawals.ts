/**
 * The withdrawal function (docs/product.md#withdrawal), shared with the storefront's
 * `/withdraw` page and the support console: how a consumer names a contract, what the shop
 * shows before they confirm, the acknowledgement it gives, and what support sees.
 */
import { z } from 'zod';
import { readOrderReference } from './order-number.ts';
import { typedSchema } from './orders.ts';

/** The language of the page a withdrawal came from: its answers and e-mail are in it. */
export const withdrawalLanguageSchema = z.enum(['en', 'it']);
export type WithdrawalLanguage = z.infer<typeof withdrawalLanguageSchema>;

/**
 * The order reference a buyer quotes: the order number of the receipt and the stamps, or the
 * checkout session id that receipts and stamps named before orders had numbers
 * (docs/product.md#order-reference).
 */
export const orderReferenceSchema = typedSchema(
  readOrderReference,
  'is not an order reference (ABA- and eight letters or digits, as on your receipt)',
);

/**
 * A contract named for withdrawal: signed in, its order reference alone (one of the member's
 * own); signed out, the order reference and the e-mail address of the purchase, which must
 * both match.
 */
export const withdrawalContractBodySchema = z.object({
  orderReference: orderReferenceSchema,
  email: z.email().max(320).optional(),
  language: withdrawalLanguageSchema.default('en'),
});
export type WithdrawalContractBody = z.input<typeof withdrawalContractBodySchema>;

/** The second step: the same contract, and the consumer's explicit confirmation. */
export const withdrawalBodySchema = withdrawalContractBodySchema.extend({
  confirm: z.literal(true),
});
export type WithdrawalBody = z.input<typeof withdrawalBodySchema>;

/** A contract that can be withdrawn from, as the confirmation step shows it. */
export const withdrawableContractSchema = z.object({
  orderReference: z.string(),
  productName: z.string(),
  /** When the contract was concluded (the payment), ISO 8601. */
  startedAt: z.string(),
  /** The last moment of the 14-day period, ISO 8601. */
  withdrawableUntil: z.string(),
  /** What will be refunded, in cents. */
  amountTotal: z.number().int(),
  currency: z.string(),
});
export type WithdrawableContract = z.infer<typeof withdrawableContractSchema>;

/** Why a contract cannot be withdrawn from; the page words it in its own language. */
export const withdrawalRefusalReasonSchema = z.enum([
  'ebook',
  'period-over',
  'already-withdrawn',
  'refunded',
]);
export type WithdrawalRefusalReason = z.infer<typeof withdrawalRefusalReasonSchema>;

/**
 * A 409's body: the service's words, the reason, and the moment it turns on (the eBooks'
 * consent, the period's end, the earlier withdrawal), or null.
 */
export const withdrawalRefusalSchema = z.object({
  message: z.string(),
  reason: withdrawalRefusalReasonSchema,
  at: z.string().nullable(),
});
export type WithdrawalRefusal = z.infer<typeof withdrawalRefusalSchema>;

/** A signed-in member's memberships, each with whether it can still be withdrawn from. */
export const myWithdrawalContractsSchema = z.object({
  contracts: z.array(
    withdrawableContractSchema.extend({
      withdrawable: z.boolean(),
      /** When it was withdrawn from, or null. */
      withdrawnAt: z.string().nullable(),
    }),
  ),
});
export type MyWithdrawalContracts = z.infer<typeof myWithdrawalContractsSchema>;

/**
 * Where the withdrawal stands: `unconfirmed` while one asked signed out waits for its
 * confirmation from the link e-mailed to the order's address (nothing has changed yet),
 * `refund-pending` while the payment provider has not refunded it yet (an outage; the shop
 * retries), `refunded` once it has.
 */
export const withdrawalOutcomeSchema = z.enum(['unconfirmed', 'refund-pending', 'refunded']);
export type WithdrawalOutcome = z.infer<typeof withdrawalOutcomeSchema>;

/** The acknowledgement: what the shop received, when, and what it did. */
export const withdrawalReceiptSchema = z.object({
  withdrawalId: z.string(),
  orderReference: z.string(),
  productName: z.string(),
  email: z.string(),
  /** When the shop received the withdrawal, ISO 8601: the date and time the e-mail repeats. */
  receivedAt: z.string(),
  outcome: withdrawalOutcomeSchema,
  /** The amount refunded, or to be refunded while the outcome is `refund-pending`, in cents. */
  amountRefunded: z.number().int(),
  currency: z.string(),
});
export type WithdrawalReceipt = z.infer<typeof withdrawalReceiptSchema>;

/** POST /api/withdrawals/confirmation: the token of the link e-mailed to the order's address. */
export const withdrawalConfirmationBodySchema = z.object({ token: z.string().min(1).max(1024) });
export type WithdrawalConfirmationBody = z.infer<typeof withdrawalConfirmationBodySchema>;

/** A withdrawal as support sees it. */
export const adminWithdrawalSchema = withdrawalReceiptSchema.extend({
  orderId: z.string(),
  /** `account` when sent signed in, `reference` when named by e-mail and order reference. */
  channel: z.enum(['account', 'reference']),
  language: withdrawalLanguageSchema,
  /** The provider's refund (`re_…`), or null for the test checkout and while pending. */
  refundId: z.string().nullable(),
  /** When the refund was last asked of the provider, or null. */
  refundAttemptedAt: z.string().nullable(),
  /** Why the last attempt failed (the provider's words), while the refund is pending. */
  refundError: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const adminWithdrawalListSchema = z.object({ items: z.array(adminWithdrawalSchema) });
export type AdminWithdrawalList = z.infer<typeof adminWithdrawalListSchema>;

export const adminWithdrawalQuerySchema = z.object({
  orderId: z
    .string()
    .max(64)
    .regex(/^ord_[a-z0-9]+$/, 'non è l’id di un ordine')
    .optional(),
});
