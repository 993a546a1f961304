/**
 * The admin area's calls to the subscription records API (docs/product.md#api). Their
 * failures are `{ error }`, in Italian, which the page shows when there is one.
 */
import type {
  SubscriptionRecord,
  SubscriptionRecordInput,
  SubscriptionRecordPage,
} from '@aba-shop/contract';
import { callCommerce } from '../client';
import subscriptionRecord from '../contract-schemas/subscription-record.json';
import subscriptionRecordPage from '../contract-schemas/subscription-record-page.json';
import { jsonSchemaAnswer } from '../json-schema-answer';
import { adminPageFetcher } from './admin-page';

export const SUBSCRIPTION_RECORDS_PATH = '/api/subscription-records';

/** Every record as CSV, streamed by the service: the page links to it. */
export const SUBSCRIPTION_RECORDS_EXPORT_PATH = `${SUBSCRIPTION_RECORDS_PATH}/export.csv`;

const recordAnswer = jsonSchemaAnswer<SubscriptionRecord>(subscriptionRecord);
const recordPath = (id: number) => `${SUBSCRIPTION_RECORDS_PATH}/${encodeURIComponent(id)}`;

/** One page of the records a search finds, newest first. */
export const fetchSubscriptionRecordPage = adminPageFetcher(
  SUBSCRIPTION_RECORDS_PATH,
  jsonSchemaAnswer<SubscriptionRecordPage>(subscriptionRecordPage),
);

const change = (method: 'POST' | 'PUT' | 'DELETE', path: string, input?: SubscriptionRecordInput) =>
  callCommerce({ path, method, body: input, answer: recordAnswer, failureField: 'error' });

export const createSubscriptionRecord = (input: SubscriptionRecordInput) =>
  change('POST', SUBSCRIPTION_RECORDS_PATH, input);

export const updateSubscriptionRecord = (id: number, input: SubscriptionRecordInput) =>
  change('PUT', recordPath(id), input);

export const deleteSubscriptionRecord = (id: number) => change('DELETE', recordPath(id));
