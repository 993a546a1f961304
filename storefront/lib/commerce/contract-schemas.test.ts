/** @jest-environment node */
import fc from 'fast-check';
import { valuesFor } from '@aba-shop/test-kit/fuzz';
import { answerSchemasFromContract, CONTRACT_ANSWERS } from '../../scripts/contract-answers';
import * as ANSWER_SCHEMAS from './contract-schemas';
import { KNOWN_KEYWORDS, matches, type JsonSchema } from './json-schema-answer';

const NAMES = Object.keys(CONTRACT_ANSWERS) as (keyof typeof CONTRACT_ANSWERS)[];

/** Every keyword a schema uses, nested ones included. */
function keywordsOf(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((item) => keywordsOf(item, found));
  else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      found.add(key);
      if (key === 'properties')
        Object.values(value as object).forEach((field) => keywordsOf(field, found));
      else if (key !== 'enum' && key !== 'required' && key !== 'const') keywordsOf(value, found);
    }
  }
  return found;
}

/** A string anywhere in the value that is an address of another kind than http(s). */
function holdsOtherAddress(value: unknown): boolean {
  if (typeof value === 'string')
    return URL.canParse(value) && !['http:', 'https:'].includes(new URL(value).protocol);
  if (typeof value === 'object' && value !== null)
    return Object.values(value).some(holdsOtherAddress);
  return false;
}

describe('the answer schemas of the browser', () => {
  it("are the contract's, as the generator writes them (npm run answer-schemas --workspace storefront)", () => {
    expect(ANSWER_SCHEMAS).toEqual(answerSchemasFromContract());
  });

  it('use only keywords the check knows', () => {
    expect(
      [...keywordsOf(Object.values(ANSWER_SCHEMAS))].filter(
        (keyword) => !KNOWN_KEYWORDS.has(keyword),
      ),
    ).toEqual([]);
  });

  it.each(NAMES)('accept and refuse %s answers as the contract does', (name) => {
    const contract = CONTRACT_ANSWERS[name];
    const schema = ANSWER_SCHEMAS[name] as JsonSchema;
    fc.assert(
      fc.property(valuesFor(contract), (value) => {
        const accepted = contract.safeParse(value).success;
        // Never more lenient than the contract; as lenient, but for addresses that are not http(s).
        if (matches(value, schema)) expect(accepted).toBe(true);
        else if (!holdsOtherAddress(value)) expect(accepted).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['https://buy.example.com/parents', true],
    ['http://127.0.0.1:4000/api/checkout/local/cs_local_1', true],
  ])('take %s as an address to send a buyer to: %p', (url, accepted) => {
    expect(matches({ checkoutUrl: url }, ANSWER_SCHEMAS.checkoutSession as JsonSchema)).toBe(
      accepted,
    );
  });

  it('refuse a schema keyword they do not know rather than ignore it', () => {
    expect(matches('a', { type: 'string', contentEncoding: 'base64' } as JsonSchema)).toBe(false);
  });
});
