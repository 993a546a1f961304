/**
 * The withdrawal function's calls (docs/product.md#withdrawal): a signed-in member's
 * memberships, the contract named (first step), the withdrawal confirmed (second step), and
 * support's list of an order's withdrawals.
 */
import type {
  AdminWithdrawalList,
  MyWithdrawalContracts,
  WithdrawableContract,
  WithdrawalContractBody,
  WithdrawalReceipt,
  WithdrawalRefusalReason,
} from '@aba-shop/contract';
import { callCommerce, CommerceError } from '../client';
import adminWithdrawalList from '../contract-schemas/admin-withdrawal-list.json';
import myWithdrawalContracts from '../contract-schemas/my-withdrawal-contracts.json';
import withdrawableContract from '../contract-schemas/withdrawable-contract.json';
import withdrawalReceipt from '../contract-schemas/withdrawal-receipt.json';
import { jsonSchemaAnswer } from '../json-schema-answer';

/** The signed-in member's memberships; null when nobody is signed in. */
export async function fetchMyWithdrawalContracts(): Promise<MyWithdrawalContracts | null> {
  try {
    return await callCommerce(
      {
        path: '/api/withdrawals/contracts',
        answer: jsonSchemaAnswer<MyWithdrawalContracts>(myWithdrawalContracts),
      },
      { init: { cache: 'no-store' } },
    );
  } catch (error) {
    if (error instanceof CommerceError && error.status === 401) return null;
    throw error;
  }
}

export const previewWithdrawal = (contract: WithdrawalContractBody) =>
  callCommerce({
    path: '/api/withdrawals/preview',
    method: 'POST',
    body: contract,
    answer: jsonSchemaAnswer<WithdrawableContract>(withdrawableContract),
  });

export const confirmWithdrawal = (contract: WithdrawalContractBody) =>
  callCommerce({
    path: '/api/withdrawals',
    method: 'POST',
    body: { ...contract, confirm: true },
    answer: jsonSchemaAnswer<WithdrawalReceipt>(withdrawalReceipt),
  });

/** The link e-mailed to the order's address: the withdrawal it names takes effect. */
export const confirmWithdrawalByLink = (token: string) =>
  callCommerce({
    path: '/api/withdrawals/confirmation',
    method: 'POST',
    body: { token },
    answer: jsonSchemaAnswer<WithdrawalReceipt>(withdrawalReceipt),
  });

/** Why the service refused a contract (a 409), and the moment it turns on. */
export function refusalOf(
  error: unknown,
): { reason: WithdrawalRefusalReason; at: string | null } | null {
  if (!(error instanceof CommerceError) || error.status !== 409) return null;
  const body = error.body as { reason?: unknown; at?: unknown } | null;
  const reasons: WithdrawalRefusalReason[] = [
    'ebook',
    'period-over',
    'already-withdrawn',
    'refunded',
  ];
  const reason = reasons.find((known) => known === body?.reason);
  if (!reason) return null;
  return { reason, at: typeof body?.at === 'string' ? body.at : null };
}

export const adminWithdrawalsPath = (orderId: string) =>
  `/api/admin/withdrawals?orderId=${encodeURIComponent(orderId)}`;

/** Support's view of one order's withdrawals; failures are `{ error }` in Italian. */
export const fetchOrderWithdrawals = (orderId: string) =>
  callCommerce(
    {
      path: adminWithdrawalsPath(orderId),
      answer: jsonSchemaAnswer<AdminWithdrawalList>(adminWithdrawalList),
      failureField: 'error',
    },
    { init: { cache: 'no-store' } },
  );
