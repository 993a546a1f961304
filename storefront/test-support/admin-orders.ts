/** Orders as the admin orders API answers them, for the support console's tests. */
import type { AdminOrder, AdminOrderDetail, AuditEntry } from '@aba-shop/contract';

/** Two eBooks with a promotion code: one file downloaded twice, one never. */
export const ORDER: AdminOrder = {
  orderId: 'ord_1a2b3c',
  orderNumber: 'ABA-K3QX-9PD2',
  createdAt: '2026-11-21T14:05:00.000Z',
  email: 'buyer@example.com',
  status: 'paid',
  access: 'active',
  amountSubtotal: 4798,
  amountDiscount: 480,
  amountTax: 0,
  amountTotal: 4318,
  currency: 'usd',
  termsAcceptedAt: '2026-11-21T14:04:00.000Z',
  amountRefunded: 0,
  taxRefunded: 0,
  lines: [
    {
      lineId: 'line-parents',
      productId: 'ebook-aba-for-parents',
      productName: 'eBook ABA for Parents',
      quantity: 1,
      unitAmount: 2799,
      // 4318 shared in proportion to 2799 and 1999 (docs/product.md#refunds-from-the-console).
      amountCharged: 2519,
      refundedAt: null,
    },
    {
      lineId: 'line-case-studies',
      productId: 'ebook-aba-case-studies',
      productName: 'eBook ABA Case Studies',
      quantity: 1,
      unitAmount: 1999,
      amountCharged: 1799,
      refundedAt: null,
    },
  ],
  disputeStatus: null,
  files: [
    {
      productId: 'ebook-aba-for-parents',
      fileKey: 'aba-for-parents.pdf',
      kind: 'pdf',
      label: 'ABA for Parents eBook (PDF)',
      downloadCount: 2,
      lastDownloadAt: '2026-11-22T09:30:00.000Z',
    },
    {
      productId: 'ebook-aba-case-studies',
      fileKey: 'aba-case-studies.mp3',
      kind: 'mp3',
      label: 'ABA Case Studies Audiobook (MP3)',
      downloadCount: 0,
      lastDownloadAt: null,
    },
  ],
};

export const REVOKE_ENTRY: AuditEntry = {
  id: 'aud_2',
  at: '2026-11-23T10:00:00.000Z',
  actor: 'admin@example.com',
  action: 'order.revoke',
  before: { access: 'active' },
  after: { access: 'revoked' },
};

export const orderDetail = (
  order: Partial<AdminOrderDetail> = {},
  audit: AuditEntry[] = [],
): AdminOrderDetail => ({ ...ORDER, refunds: [], dispute: null, ...order, audit });
