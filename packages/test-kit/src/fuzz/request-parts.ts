/**
 * Generated parts of an HTTP request that any route may receive: a body in the encodings
 * clients use (and some they should not), and the everyday headers a client adds.
 */
import fc from 'fast-check';
import {
  deeplyNestedJson,
  headerValue,
  hugeHeaderValue,
  hugeString,
  invalidJsonText,
  safeForUri,
} from './hostile-values.ts';

/**
 * A value as it goes into a URL: strings as they are, anything else as JSON, and no more than
 * a request line can carry (Node refuses more than 16 KiB of request line and headers).
 */
export function urlText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  // Cut first: a cut through a surrogate pair leaves half of it.
  return safeForUri(text.slice(0, 2_000));
}

/** `a=1&b=2` from an object; arrays repeat the key, nested objects go in brackets. */
export function formEncode(value: unknown): string {
  if (value === null || typeof value !== 'object') return encodeURIComponent(urlText(value));
  const pairs: string[] = [];
  const add = (key: string, item: unknown) => {
    if (Array.isArray(item)) item.forEach((element) => add(key, element));
    else if (item !== null && typeof item === 'object') {
      for (const [inner, nested] of Object.entries(item)) add(`${key}[${inner}]`, nested);
    } else
      pairs.push(`${encodeURIComponent(safeForUri(key))}=${encodeURIComponent(urlText(item))}`);
  };
  for (const [key, item] of Object.entries(value)) add(key, item);
  return pairs.join('&');
}

export interface EncodedBody {
  payload: string | Buffer;
  /** The content type a client sending this body would most likely give. */
  natural: string | undefined;
}

/**
 * Bodies carrying `value`: mostly as JSON, sometimes form-encoded; else JSON nested thousands
 * deep, text that is not JSON, a body past every size limit, or nothing.
 */
export function encodedBodies(value: fc.Arbitrary<unknown>): fc.Arbitrary<EncodedBody> {
  const json = 'application/json';
  return fc.oneof(
    {
      weight: 15,
      arbitrary: value.map((v) => ({ payload: JSON.stringify(v) ?? '', natural: json })),
    },
    {
      weight: 1,
      arbitrary: value.map((v) => ({
        payload: formEncode(v),
        natural: 'application/x-www-form-urlencoded',
      })),
    },
    { weight: 1, arbitrary: deeplyNestedJson.map((payload) => ({ payload, natural: json })) },
    { weight: 1, arbitrary: invalidJsonText.map((payload) => ({ payload, natural: json })) },
    {
      weight: 1,
      arbitrary: hugeString.map((text) => ({ payload: JSON.stringify({ text }), natural: json })),
    },
    { weight: 1, arbitrary: fc.constant({ payload: '', natural: undefined }) },
  );
}

/** One of the headers a client sends besides identity, origin and body type: name and value. */
export const clientHeader: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(
    fc.constant('accept'),
    fc.constantFrom(
      'application/json',
      'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      '*/*',
      'image/png',
      ';;;',
    ),
  ),
  fc.tuple(fc.constant('x-request-id'), fc.oneof(fc.uuid(), headerValue(40), hugeHeaderValue)),
  fc.tuple(fc.constant('x-forwarded-for'), fc.oneof(fc.ipV4(), headerValue(30))),
  fc.tuple(fc.constant('user-agent'), fc.oneof(headerValue(60), hugeHeaderValue)),
  fc.tuple(fc.constant('authorization'), fc.oneof(fc.constant('Bearer '), headerValue(40))),
  fc.tuple(
    fc.constant('range'),
    fc.oneof(
      fc.constantFrom(
        'bytes=0-',
        'bytes=0-99',
        'bytes=-1',
        'bytes=99-0',
        'bytes=0-1,5-9',
        'bytes=x',
      ),
      headerValue(20),
    ),
  ),
  fc.tuple(fc.constant('if-none-match'), fc.oneof(fc.constant('*'), headerValue(40))),
  fc.tuple(
    fc.constant('idempotency-key'),
    fc.oneof(headerValue(300), fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002')),
  ),
  fc.tuple(fc.constant('stripe-signature'), headerValue(80)),
  fc.tuple(
    fc.constant('access-control-request-method'),
    fc.constantFrom('POST', 'PUT', 'DELETE', 'GET', 'TRACE'),
  ),
  fc.tuple(
    fc.constant('access-control-request-headers'),
    fc.oneof(fc.constant('content-type'), headerValue(30)),
  ),
);

/** A header value as HTTP carries it: Latin-1 without CR, LF or NUL. */
export function headerSafe(value: string): string {
  return value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
}
