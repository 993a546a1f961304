/**
 * The answer of the resend calls, `{ message }`: declared by the service's routes, where the
 * contract has no schema of its own for it.
 */
import { jsonSchemaAnswer } from '../json-schema-answer';

export const messageAnswer = jsonSchemaAnswer<{ message: string }>({
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
});
