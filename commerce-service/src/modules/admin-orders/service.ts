/**
 * The support console's orders (docs/product.md#support-console): found by the buyer's
 * address, the order id or the checkout session id, paged newest first, each with its lines
 * and how its files were downloaded; and the three things support does for a buyer: resend
 * the links, revoke access, restore it. Each action is written to the audit trail in the
 * transaction that makes it (docs/adr/0019-support-console-paging-search-and-audit.md).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, EntitlementTable, OrderTable } from '../../db/schema.ts';
import { ConflictError, NotFoundError } from '../../domain-errors.ts';
import { decodeCursor, pageFrom } from '../../page-cursor.ts';
import {
  ADMIN_PAGE_DEFAULT,
  type AdminPageQuery,
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrderPage,
  type OrderAccess,
  orderNumberSchema,
} from '@aba-shop/contract';
import { recordAdminAction, auditTrailOf } from '../audit/service.ts';
import {
  describeFile,
  downloadHistoriesOf,
  mailDownloadLinks,
  currentLibraryLink,
  signDownloadLinks,
  type DownloadHistory,
  type DownloadsDependencies,
} from '../downloads/service.ts';
import { disputeOfOrder, disputeStatusesOf } from '../disputes/service.ts';
import {
  orderSummaryOf,
  productOfLine,
  findOrder,
  lineCharges,
  listRefundsOfOrders,
  rowsOfOrder,
  setOrderRevokedAt,
  type RefundsDependencies,
} from '../orders/service.ts';
import {
  listEntitlementsOfOrders,
  listLinesOfOrders,
  orderPageQuery,
  type OrderSearch,
} from './repository.ts';

export type AdminOrdersDependencies = DownloadsDependencies & RefundsDependencies;

const NO_ORDER = 'Nessun ordine con questo id';
const ALREADY_REVOKED = "L'accesso ai download di questo ordine è già revocato";
const NOT_REVOKED = "L'accesso ai download di questo ordine non è revocato";
const REFUNDED =
  "Questo ordine è stato rimborsato: l'accesso ai download non si ripristina dalla console";
const REVOKED_NO_RESEND =
  "L'accesso ai download di questo ordine è revocato: ripristinalo prima di reinviare i link";
const NO_FILES = 'Questo ordine non ha file da scaricare';

/**
 * What a search names, by its shape: an address has an '@', an order id starts with `ord_`, an
 * order number reads `ABA-…` as a buyer may type it, anything else is taken for a checkout
 * session id (docs/product.md#support-console).
 */
export function orderSearchOf(q: string | undefined): OrderSearch | null {
  const text = q?.trim();
  if (!text) return null;
  if (text.includes('@')) return { by: 'email', email: text.toLowerCase() };
  if (text.startsWith('ord_')) return { by: 'order', orderId: text };
  const number = orderNumberSchema.safeParse(text);
  if (number.success) return { by: 'number', number: number.data };
  return { by: 'session', sessionId: text };
}

/**
 * Revoked once any of its files is, by an administrator or by a refund of the whole order; a
 * file whose line alone was refunded is that line's business, not the order's access.
 */
const accessOf = (entitlements: EntitlementTable[]): OrderAccess =>
  entitlements.some((entitlement) => entitlement.revoked_at && !entitlement.refunded_at)
    ? 'revoked'
    : 'active';

function fileOf(
  deps: AdminOrdersDependencies,
  entitlement: EntitlementTable,
  history: DownloadHistory,
) {
  const file = describeFile(entitlement.file_key, deps.books);
  return {
    productId: entitlement.product_id,
    fileKey: entitlement.file_key,
    kind: file?.kind ?? (entitlement.file_key.endsWith('.mp3') ? 'mp3' : 'pdf'),
    label: file?.label ?? entitlement.file_key,
    ...history,
  } as const;
}

/** The orders with their lines and files, in the order given. */
async function describeOrders(
  deps: AdminOrdersDependencies,
  orders: Selectable<OrderTable>[],
): Promise<AdminOrder[]> {
  const ids = orders.map((order) => order.id);
  const [lines, entitlements, disputes] = await Promise.all([
    listLinesOfOrders(deps.db, ids),
    listEntitlementsOfOrders(deps.db, ids),
    disputeStatusesOf(deps, ids),
  ]);
  const historyOf = await downloadHistoriesOf(
    deps,
    entitlements.map((entitlement) => entitlement.id),
  );
  return orders.map((order) => {
    const granted = rowsOfOrder(entitlements, order.id);
    const orderLines = rowsOfOrder(lines, order.id);
    const charges = lineCharges(
      { amountTotal: order.amount_total, amountTax: order.amount_tax },
      orderLines.map((line) => ({
        id: line.id,
        quantity: line.quantity,
        unitAmount: line.unit_amount,
      })),
    );
    return {
      ...orderSummaryOf(order),
      email: order.email,
      access: order.status === 'refunded' && granted.length > 0 ? 'revoked' : accessOf(granted),
      amountRefunded: order.amount_refunded,
      taxRefunded: order.tax_refunded,
      lines: orderLines.map((line) => ({
        lineId: line.id,
        ...productOfLine(line),
        unitAmount: line.unit_amount,
        amountCharged: charges.get(line.id)?.amount ?? 0,
        refundedAt: line.refunded_at,
      })),
      disputeStatus: disputes.get(order.id) ?? null,
      // Book by book, each PDF before its audiobook, as the buyer's pages list them.
      files: granted
        .map((entitlement) => fileOf(deps, entitlement, historyOf(entitlement.id)))
        .sort(
          (a, b) =>
            a.productId.localeCompare(b.productId) ||
            Number(a.kind === 'mp3') - Number(b.kind === 'mp3'),
        ),
    };
  });
}

export async function searchOrders(
  deps: AdminOrdersDependencies,
  query: AdminPageQuery,
): Promise<AdminOrderPage> {
  const limit = query.limit ?? ADMIN_PAGE_DEFAULT;
  const rows = await orderPageQuery(deps.db, {
    search: orderSearchOf(query.q),
    after: query.cursor ? decodeCursor<string>(query.cursor, 'string') : null,
    limit,
  }).execute();
  const page = pageFrom(rows, limit, (row) => ({ createdAt: row.created_at, id: row.id }));
  return { items: await describeOrders(deps, page.rows), nextCursor: page.nextCursor };
}

async function orderRow(db: Kysely<Database>, orderId: string) {
  const order = await findOrder(db, orderId);
  if (!order) throw new NotFoundError(NO_ORDER);
  return order;
}

export async function orderDetail(
  deps: AdminOrdersDependencies,
  orderId: string,
): Promise<AdminOrderDetail> {
  const order = await orderRow(deps.db, orderId);
  const [[described], refunds, dispute, audit] = await Promise.all([
    describeOrders(deps, [order]),
    listRefundsOfOrders(deps.db, [orderId]),
    disputeOfOrder(deps, order),
    auditTrailOf(deps.db, { type: 'order', id: orderId }),
  ]);
  return {
    ...(described as AdminOrder),
    refunds: refunds.map((refund) => ({
      refundId: refund.id,
      reason: refund.reason,
      amount: refund.amount,
      tax: refund.tax,
      lineIds: refund.lineIds,
      status: refund.status,
      actor: refund.actor,
      createdAt: refund.created_at,
      refundedAt: refund.refunded_at,
      error: refund.error,
    })),
    dispute,
    audit,
  };
}

/** E-mails the buyer fresh links to this order's files, by the shop's outbox. */
export async function resendOrderLinks(
  deps: AdminOrdersDependencies,
  orderId: string,
  actor: string,
): Promise<{ message: string }> {
  const { db } = deps;
  const order = await orderRow(db, orderId);
  await db.transaction().execute(async (trx) => {
    const entitlements = await listEntitlementsOfOrders(trx, [orderId]);
    if (entitlements.length === 0) throw new ConflictError(NO_FILES);
    if (accessOf(entitlements) === 'revoked') throw new ConflictError(REVOKED_NO_RESEND);
    const links = signDownloadLinks(deps, entitlements);
    await mailDownloadLinks(deps, trx, {
      to: order.email,
      links,
      orderReference: order.number,
      libraryUrl: await currentLibraryLink(deps.config, trx, orderId),
    });
    await recordAdminAction(trx, {
      actor,
      action: 'order.resend',
      subject: { type: 'order', id: orderId },
      before: null,
      after: { to: order.email, files: links.length },
    });
  });
  return { message: `I link di download sono stati inviati a ${order.email}.` };
}

/** Revokes or restores an order's downloads: its links answer 403 while revoked. */
async function setAccess(
  deps: AdminOrdersDependencies,
  orderId: string,
  actor: string,
  access: OrderAccess,
): Promise<AdminOrderDetail> {
  const order = await orderRow(deps.db, orderId);
  if (access === 'active' && order.status === 'refunded') throw new ConflictError(REFUNDED);
  await deps.db.transaction().execute(async (trx) => {
    const changed = await setOrderRevokedAt(
      trx,
      orderId,
      access === 'revoked' ? new Date().toISOString() : null,
    );
    // Nothing changed: it was so already, or the order grants no file.
    if (changed === 0) {
      const granted = await listEntitlementsOfOrders(trx, [orderId]);
      if (granted.length === 0) throw new ConflictError(NO_FILES);
      throw new ConflictError(access === 'revoked' ? ALREADY_REVOKED : NOT_REVOKED);
    }
    await recordAdminAction(trx, {
      actor,
      action: access === 'revoked' ? 'order.revoke' : 'order.restore',
      subject: { type: 'order', id: orderId },
      before: { access: access === 'revoked' ? 'active' : 'revoked' },
      after: { access },
    });
  });
  return orderDetail(deps, orderId);
}

export const revokeOrderAccess = (deps: AdminOrdersDependencies, orderId: string, actor: string) =>
  setAccess(deps, orderId, actor, 'revoked');

export const restoreOrderAccess = (deps: AdminOrdersDependencies, orderId: string, actor: string) =>
  setAccess(deps, orderId, actor, 'active');
