/**
 * The buyer's data on request (docs/product.md#your-data): the account page's export address
 * and erasure request, and the support console's list of requests and their processing.
 * Failures are `{ error }`: in English for the buyer, in Italian for the console.
 */
import type {
  AdminDataRequest,
  AdminDataRequestPage,
  ErasureRequestAnswer,
} from '@aba-shop/contract';
import { callCommerce } from '../client';
import { jsonSchemaAnswer, type JsonSchema } from '../json-schema-answer';
import { adminPageFetcher } from './admin-page';

/** Opened as a plain link: the service answers the JSON file as an attachment. */
export const DATA_EXPORT_PATH = '/api/me/data-export';

export const ADMIN_DATA_REQUESTS_PATH = '/api/admin/data-requests';

const nullable = (type: string): JsonSchema => ({ type: [type, 'null'] });

/** A request as both sides read it (the contract's dataRequestSchema). */
const dataRequest = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    kind: { const: 'erasure' },
    status: { enum: ['pending', 'completed'] },
    requestedAt: { type: 'string' },
    processedAt: nullable('string'),
  },
  required: ['id', 'kind', 'status', 'requestedAt', 'processedAt'],
} as const satisfies JsonSchema;

const adminDataRequest = {
  type: 'object',
  properties: {
    ...dataRequest.properties,
    email: { type: 'string' },
    processedBy: nullable('string'),
    outcome: {
      anyOf: [
        {
          type: 'object',
          properties: {
            ordersAnonymised: { type: 'integer' },
            filesRevoked: { type: 'integer' },
            contactMessagesDeleted: { type: 'integer' },
            sessionsEnded: { type: 'integer' },
            accountDeleted: { type: 'boolean' },
          },
          required: [
            'ordersAnonymised',
            'filesRevoked',
            'contactMessagesDeleted',
            'sessionsEnded',
            'accountDeleted',
          ],
        },
        { type: 'null' },
      ],
    },
  },
  required: [...dataRequest.required, 'email', 'processedBy', 'outcome'],
} as const satisfies JsonSchema;

const erasureAnswer = jsonSchemaAnswer<ErasureRequestAnswer>({
  type: 'object',
  properties: { message: { type: 'string' }, request: dataRequest },
  required: ['message', 'request'],
});

/** Asks for the signed-in buyer's account and data to be erased; support processes it. */
export const requestErasure = () =>
  callCommerce({
    path: '/api/me/erasure-request',
    method: 'POST',
    body: { confirm: true },
    answer: erasureAnswer,
    failureField: 'error',
  });

/** One page of the requests, newest first; a search is a whole e-mail address. */
export const fetchAdminDataRequestPage = adminPageFetcher(
  ADMIN_DATA_REQUESTS_PATH,
  jsonSchemaAnswer<AdminDataRequestPage>({
    type: 'object',
    properties: {
      items: { type: 'array', items: adminDataRequest },
      nextCursor: nullable('string'),
    },
    required: ['items', 'nextCursor'],
  }),
);

/** Erases the buyer's data: answers the request as processed, with what was removed. */
export const processDataRequest = (requestId: string) =>
  callCommerce({
    path: `${ADMIN_DATA_REQUESTS_PATH}/${encodeURIComponent(requestId)}/process`,
    method: 'POST',
    answer: jsonSchemaAnswer<AdminDataRequest>(adminDataRequest),
    failureField: 'error',
  });
