/**
 * The admin area's calls to the subscription records API (docs/product.md#api). Their
 * failures are `{ error }`, in Italian, which the page shows when there is one.
 */
import type { SubscriptionRecord, SubscriptionRecordInput } from 'commerce-service/contract';
import { callCommerce } from '../client';
import subscriptionRecord from '../contract-schemas/subscription-record.json';
import subscriptionRecordList from '../contract-schemas/subscription-record-list.json';
import { jsonSchemaAnswer } from '../json-schema-answer';

export const SUBSCRIPTION_RECORDS_PATH = '/api/subscription-records';

const recordAnswer = jsonSchemaAnswer<SubscriptionRecord>(subscriptionRecord);
const recordPath = (id: number) => `${SUBSCRIPTION_RECORDS_PATH}/${encodeURIComponent(id)}`;

export const fetchSubscriptionRecords = () =>
  callCommerce(
    {
      path: SUBSCRIPTION_RECORDS_PATH,
      answer: jsonSchemaAnswer<SubscriptionRecord[]>(subscriptionRecordList),
      failureField: 'error',
    },
    { init: { cache: 'no-store' } },
  );

const change = (method: 'POST' | 'PUT' | 'DELETE', path: string, input?: SubscriptionRecordInput) =>
  callCommerce({ path, method, body: input, answer: recordAnswer, failureField: 'error' });

export const createSubscriptionRecord = (input: SubscriptionRecordInput) =>
  change('POST', SUBSCRIPTION_RECORDS_PATH, input);

export const updateSubscriptionRecord = (id: number, input: SubscriptionRecordInput) =>
  change('PUT', recordPath(id), input);

export const deleteSubscriptionRecord = (id: number) => change('DELETE', recordPath(id));
