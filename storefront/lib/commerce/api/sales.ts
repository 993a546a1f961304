/**
 * The owner's figures (docs/product.md#sales-figures): a period's summary, checked against the
 * contract, and the address of its orders' CSV, which the browser downloads itself (the
 * session cookie goes with it). Failures are `{ error }`, in Italian, which the page shows.
 */
import type { SalesSummary } from '@aba-shop/contract';
import { callCommerce, type CommerceTransport } from '../client';
import salesSummary from '../contract-schemas/sales-summary.json';
import { jsonSchemaAnswer } from '../json-schema-answer';

export const ADMIN_SALES_PATH = '/api/admin/sales';

export interface SalesPeriod {
  /** First and last day, `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
}

const periodQuery = ({ from, to }: SalesPeriod) => new URLSearchParams({ from, to }).toString();

export const fetchSalesSummary = (period: SalesPeriod, transport: CommerceTransport = {}) =>
  callCommerce(
    {
      path: `${ADMIN_SALES_PATH}?${periodQuery(period)}`,
      answer: jsonSchemaAnswer<SalesSummary>(salesSummary),
      failureField: 'error',
    },
    { ...transport, init: { cache: 'no-store' } },
  );

export const ordersCsvPath = (period: SalesPeriod) =>
  `${ADMIN_SALES_PATH}/orders.csv?${periodQuery(period)}`;
