/**
 * The buyer's data on request (docs/product.md#your-data), shared with the storefront's
 * `/account` and the support console's `/admin/data-requests`: the export of everything the
 * shop holds about a signed-in buyer, the erasure request, support's list of requests, and the
 * address an erased buyer's kept rows carry. The retention periods are in ./constants.ts.
 */
import { z } from 'zod';
import { consentRecordSchema } from './consents.ts';
import { libraryFileKeySchema, libraryProgressSchema } from './library.ts';
import { pageOf } from './paging.ts';

/** The address an erased buyer's kept rows carry instead of theirs: it identifies nobody. */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';

export const dataRequestStatusSchema = z.enum(['pending', 'completed']);
export type DataRequestStatus = z.infer<typeof dataRequestStatusSchema>;

/** The buyer's confirmation that their account and data are to be erased. */
export const erasureRequestBodySchema = z.object({
  confirm: z.literal(true, 'confirm must be true: erasure cannot be undone'),
});
export type ErasureRequestBody = z.infer<typeof erasureRequestBodySchema>;

/** The buyer's own view of a request. */
export const dataRequestSchema = z.object({
  id: z.string(),
  kind: z.literal('erasure'),
  status: dataRequestStatusSchema,
  /** ISO 8601. */
  requestedAt: z.string(),
  /** ISO 8601, or null while pending. */
  processedAt: z.string().nullable(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

/** The answer to an erasure request (202): the request as recorded, and what happens next. */
export const erasureRequestAnswerSchema = z.object({
  message: z.string(),
  request: dataRequestSchema,
});
export type ErasureRequestAnswer = z.infer<typeof erasureRequestAnswerSchema>;

/** What processing an erasure removed or anonymised, as support sees it afterwards. */
export const erasureOutcomeSchema = z.object({
  ordersAnonymised: z.number().int(),
  filesRevoked: z.number().int(),
  contactMessagesDeleted: z.number().int(),
  sessionsEnded: z.number().int(),
  accountDeleted: z.boolean(),
});
export type ErasureOutcome = z.infer<typeof erasureOutcomeSchema>;

/** A request as the support console lists it. */
export const adminDataRequestSchema = dataRequestSchema.extend({
  /** The buyer's address while pending; the placeholder once erased. */
  email: z.string(),
  /** The administrator who processed it, or null while pending. */
  processedBy: z.string().nullable(),
  outcome: erasureOutcomeSchema.nullable(),
});
export type AdminDataRequest = z.infer<typeof adminDataRequestSchema>;

export const adminDataRequestPageSchema = pageOf(adminDataRequestSchema);
export type AdminDataRequestPage = z.infer<typeof adminDataRequestPageSchema>;

export const adminDataRequestParamsSchema = z.object({
  requestId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^dr_[A-Za-z0-9]+$/, 'id di richiesta non valido (inizia con dr_)'),
});

const timeSchema = z.string().nullable();

/**
 * Everything the shop holds about a buyer, as `GET /api/me/data-export` answers it. Each part
 * lists its fields, so nothing the shop keeps for itself (session tokens, provider tokens,
 * hashed codes) can slip into the file.
 */
export const dataExportSchema = z.object({
  exportedAt: z.string(),
  email: z.string(),
  account: z
    .object({
      id: z.string(),
      name: z.string().nullable(),
      email: z.string(),
      emailVerified: z.boolean(),
      createdAt: timeSchema,
      updatedAt: timeSchema,
      /** How the buyer signs in: `email-otp`, `google`. */
      signInMethods: z.array(z.string()),
    })
    .nullable(),
  sessions: z.array(
    z.object({
      createdAt: timeSchema,
      expiresAt: timeSchema,
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  signInCodeRequests: z.array(z.object({ requestedAt: z.string(), client: z.string().nullable() })),
  orders: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      checkoutSessionId: z.string(),
      createdAt: z.string(),
      status: z.string(),
      currency: z.string(),
      amountSubtotal: z.number().int().nullable(),
      amountDiscount: z.number().int(),
      amountTax: z.number().int(),
      amountTotal: z.number().int(),
      termsAcceptedAt: timeSchema,
      paymentReference: z.string().nullable(),
      lines: z.array(
        z.object({
          productId: z.string(),
          productName: z.string(),
          quantity: z.number().int(),
          unitAmount: z.number().int(),
        }),
      ),
      downloads: z.array(
        z.object({
          fileKey: z.string(),
          downloadCount: z.number().int(),
          lastDownloadAt: timeSchema,
          revokedAt: timeSchema,
        }),
      ),
      /** Each download kept in the log: when, which file, the client's address and browser. */
      downloadLog: z.array(
        z.object({
          at: z.string(),
          fileKey: z.string(),
          clientIp: z.string().nullable(),
          userAgent: z.string().nullable(),
        }),
      ),
    }),
  ),
  /** The reviews the buyer wrote of their eBooks (docs/product.md#keeping-in-touch). */
  reviews: z.array(
    z.object({
      productName: z.string(),
      rating: z.number().int(),
      text: z.string(),
      firstName: z.string().nullable(),
      childAge: z.string().nullable(),
      submittedAt: z.string(),
    }),
  ),
  /** The devices a library link opened (docs/product.md#library), ended ones too. */
  librarySessions: z.array(
    z.object({ device: z.string().nullable(), openedAt: z.string(), expiresAt: z.string() }),
  ),
  memberships: z.array(
    z.object({
      recordId: z.number().int(),
      sessionId: z.string(),
      createdAt: z.string(),
      status: z.string().nullable(),
      currentPeriodEnd: timeSchema,
      cancelAtPeriodEnd: z.boolean(),
    }),
  ),
  /** The cookie banner's answers given while signed in (docs/product.md#cookie-consent). */
  consents: z.array(consentRecordSchema),
  /**
   * The newsletter's record of the address: what it agreed to, where and when, and where it
   * stands (docs/product.md#keeping-in-touch); null when it never signed up nor unsubscribed.
   */
  newsletter: z
    .object({
      status: z.enum(['pending', 'confirmed', 'unsubscribed']),
      source: z.string().nullable(),
      language: z.string(),
      consentText: z.string().nullable(),
      consentVersion: z.string().nullable(),
      requestedAt: timeSchema,
      confirmedAt: timeSchema,
      unsubscribedAt: timeSchema,
    })
    .nullable(),
  /** The messages scheduled to the address, sent, waiting or cancelled. */
  scheduledMessages: z.array(
    z.object({
      kind: z.string(),
      dueAt: z.string(),
      status: z.enum(['pending', 'sent', 'cancelled']),
    }),
  ),
  /** Where the buyer left each file in their library (docs/product.md#library). */
  libraryProgress: z.array(libraryProgressSchema.extend({ fileKey: libraryFileKeySchema })),
  contactMessages: z.array(
    z.object({
      sentAt: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      subject: z.string(),
      message: z.string(),
      childAge: z.string().nullable(),
    }),
  ),
  withdrawals: z.array(
    z.object({
      orderReference: z.string(),
      productName: z.string(),
      receivedAt: z.string(),
      outcome: z.string(),
      amountRefunded: z.number().int(),
      currency: z.string(),
    }),
  ),
  dataRequests: z.array(dataRequestSchema),
  /** How long the shop keeps each kind of data (docs/product.md#your-data). */
  retention: z.object({
    contactMessageDays: z.number().int(),
    downloadHistoryDays: z.number().int(),
    signInRecordDays: z.number().int(),
    sentMailDays: z.number().int(),
    accountingYears: z.number().int(),
  }),
});
export type DataExport = z.infer<typeof dataExportSchema>;
