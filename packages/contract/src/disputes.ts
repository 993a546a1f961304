/**
 * Disputes (docs/product.md#disputes): a buyer's bank questions a Stripe charge; the support
 * console shows the dispute on its order with the evidence the shop would send, and sends it.
 */
import { z } from 'zod';

export const adminDisputeSchema = z.object({
  disputeId: z.string(),
  /** Stripe's reason: `fraudulent`, `product_not_received`, … */
  reason: z.string(),
  /** Cents disputed. */
  amount: z.number().int(),
  currency: z.string(),
  /** Stripe's status: `needs_response`, `under_review`, `won`, `lost`, … */
  status: z.string(),
  evidenceDueBy: z.string().nullable(),
  evidenceSubmittedAt: z.string().nullable(),
  /** The administrator who sent the evidence, or `automatic`. */
  evidenceSubmittedBy: z.string().nullable(),
  /** Once closed: `won`, `lost`, … */
  outcome: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

/** What the shop's own records show of a purchase, as the evidence sends it. */
export const disputeEvidenceSchema = z.object({
  customerEmail: z.string(),
  orderReference: z.string(),
  productDescription: z.string(),
  /** The day the files were delivered (YYYY-MM-DD). */
  serviceDate: z.string(),
  /** The words the buyer ticked at checkout, and when (null when checkout did not ask). */
  consentText: z.string(),
  consentAt: z.string().nullable(),
  /** When the receipt with the download links left the shop (null while unsent). */
  receiptSentAt: z.string().nullable(),
  /** The footer on every page of the buyer's PDFs. */
  stampedReference: z.string(),
  /** Each counted download: when, which file, which client. */
  downloads: z.array(
    z.object({
      at: z.string(),
      fileKey: z.string(),
      clientIp: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  /** Each device the order's library link opened. */
  libraryOpenings: z.array(z.object({ at: z.string() })),
  /** Where the buyer read or listened to in the library. */
  libraryProgress: z.array(
    z.object({ fileKey: z.string(), position: z.number().int(), reachedAt: z.string() }),
  ),
});
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;

/** An order's dispute, with the evidence as it would be sent now. */
export const adminOrderDisputeSchema = adminDisputeSchema.extend({
  evidence: disputeEvidenceSchema,
});
export type AdminOrderDispute = z.infer<typeof adminOrderDisputeSchema>;

/** A Stripe dispute as its `charge.dispute.*` events carry it: the parts the shop reads. */
export const disputeEventSchema = z.looseObject({
  id: z.string().min(1).max(255),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(1).max(8),
  charge: z.union([z.string(), z.looseObject({ id: z.string() }), z.null()]).optional(),
  payment_intent: z.union([z.string(), z.looseObject({ id: z.string() }), z.null()]).optional(),
  reason: z.string().max(64),
  status: z.string().max(64),
  evidence_details: z
    .looseObject({ due_by: z.number().int().nullable().optional() })
    .nullable()
    .optional(),
  created: z.number().int().optional(),
});
