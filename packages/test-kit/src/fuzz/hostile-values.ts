/**
 * What a broken client or an attacker puts into an HTTP request, as fast-check arbitraries:
 * strings that trip parsers and coercions, JSON that is deep, huge or booby-trapped with
 * prototype keys, text that is not JSON at all, and header values, cookies, origins, content
 * types and path segments of the same kind. The commerce service's and the storefront's fuzz
 * suites both draw from here.
 */
import fc from 'fast-check';

/** Values that mean something to a parser, a coercion, a database or a browser. */
const TRICKY_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '0',
  '-1',
  '1e309',
  '0x1F',
  '1.5',
  '9007199254740993',
  'true',
  '[]',
  '{}',
  '[object Object]',
  "' OR '1'='1' --",
  '"; DROP TABLE orders; --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}{{7*7}}',
  '%s%n%x',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '%00',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: admin=1',
  '\ufeff',
  '\u202egnp.exe',
  'zero\u200bwidth',
  '\ud800',
  'x\udfffy',
  '🦄👨‍👩‍👧',
  'ｎｕｌｌ',
  '١٢٣٤٥٦',
  'e\u0301',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'admin@example.com',
  ' ADMIN@Example.com ',
  'a@b',
  '@',
  'x@example.com\u0000.evil',
  '//evil.example',
  'https://evil.example/',
  'http://127.0.0.1:3000@evil.example',
  '/\\evil.example',
];

/** Keys that pollute a prototype when a parser or a merge trusts them. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const controlOrSurrogate = fc.constantFrom(
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\ud800',
  '\udc00',
);

/**
 * Kilobytes of one repeated character, for bodies: past field limits, body limits and column
 * sizes. (A URL or a header cannot carry this much: Node refuses a request whose request line
 * and headers pass 16 KiB before any handler sees it.)
 */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('a', 'é', '🦄', '\u0000', '%', ' '),
    fc.integer({ min: 1_000, max: 80_000 }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

/** Numbers as a client that does not know the type would write them. */
const numberAsString = fc
  .oneof(
    fc.integer(),
    fc.double({ noNaN: false }),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  )
  .map(String);

/** Hostile text that fits in a URL or a header: at most a few kilobytes. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: controlOrSurrogate, maxLength: 6 }) },
  { weight: 1, arbitrary: numberAsString },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'é', '%', ' '), fc.integer({ min: 200, max: 2_000 }))
      .map(([unit, length]) => unit.repeat(length)),
  },
);

/** Hostile text of any size, for bodies. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: hostileText },
  { weight: 1, arbitrary: hugeString },
);

const hostileKey = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: hostileText },
);

const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.double(),
      fc.constantFrom(0, -0, 1e308, -1e308, 2 ** 53 + 2, Number.MIN_VALUE),
    ),
  },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/**
 * A JSON value of the wrong shape: strings, numbers, arrays where objects are wanted and
 * objects whose keys include `__proto__` and `constructor` (as own keys, so they reach the
 * serialised text).
 */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.letrec<{
  value: unknown;
  array: unknown[];
  object: Record<string, unknown>;
}>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    { weight: 4, arbitrary: hostileLeaf },
    { weight: 1, arbitrary: tie('array') },
    { weight: 2, arbitrary: tie('object') },
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
})).value;

/** JSON nested thousands of levels deep: recursion limits of parsers and validators. */
export const deeplyNestedJson: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 64, max: 30_000 }), fc.boolean())
  .map(([depth, asArrays]) =>
    asArrays
      ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** Text that a JSON parser must refuse, and bytes that are not even UTF-8. */
export const invalidJsonText: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":1,}',
    "{'a':1}",
    '{"a":NaN}',
    '{"a":1} trailing',
    '// comment\n{}',
    '\ufeff{"a":1}',
    '{"a":"\\x41"}',
    '{"a":"unterminated}',
    '[1,2',
    'undefined',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
  ),
  hostileJsonValue.map((value) => JSON.stringify(value) ?? 'null').map((text) => text.slice(0, -1)),
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
);

/** What arrives in a header: Latin-1 bytes without CR, LF or NUL, as HTTP parsers pass them. */
export const headerValue = (maxLength = 40): fc.Arbitrary<string> =>
  fc.string({
    unit: fc
      .oneof(
        { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
        { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
        { weight: 1, arbitrary: fc.constant(0x09) },
      )
      .map((code) => String.fromCharCode(code)),
    maxLength,
  });

/** A header value of kilobytes: with the others, near the 16 KiB a server accepts in all. */
export const hugeHeaderValue: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', ';', '=', '%', 'ÿ'), fc.integer({ min: 1_000, max: 4_000 }))
  .map(([unit, length]) => unit.repeat(length));

/** Content types that are right, almost right, wrong or missing (undefined). */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
  },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----fuzz',
      'application/xml',
      'APPLICATION/JSON',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/json, text/html',
      'application/vnd.api+json',
      'application/json;;;',
      '*/*',
      '',
    ),
  },
  { weight: 1, arbitrary: headerValue(30) },
);

/**
 * An Origin header: none, the shop's own, or another site's in its many disguises
 * (`null`, a look-alike host, another port or scheme, a trailing slash).
 */
export const originHeader = (shopOrigin: string): fc.Arbitrary<string | undefined> => {
  const shop = new URL(shopOrigin);
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 6, arbitrary: fc.constant(shop.origin) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'null',
        'https://evil.example',
        `${shop.protocol}//${shop.hostname}.evil.example`,
        `${shop.protocol}//${shop.hostname}:1`,
        `${shop.protocol === 'https:' ? 'http:' : 'https:'}//${shop.host}`,
        `${shop.origin}/`,
        shop.origin.toUpperCase(),
        'file://',
      ),
    },
    { weight: 1, arbitrary: headerValue(30) },
  );
};

/** Cookie headers: a real one, a real one among garbage, forged, malformed or huge ones. */
export const cookieHeader = (sessionCookieName: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .tuple(fc.base64String({ minLength: 4, maxLength: 40 }), fc.base64String({ maxLength: 44 }))
      .map(([token, signature]) => `${sessionCookieName}=${token}.${signature}`),
    fc.constantFrom(
      `${sessionCookieName}=`,
      `${sessionCookieName}=%E0%A4%A`,
      `${sessionCookieName}=%`,
      `${sessionCookieName}="unterminated`,
      `${sessionCookieName}=a; ${sessionCookieName}=b`,
      '=; ;=;',
      '__proto__=1; constructor=2',
    ),
    headerValue(60),
    hugeHeaderValue.map((value) => `${sessionCookieName}=${value}`),
  );

/** One path segment an attacker sends, already in the form a client puts on the wire. */
export const hostilePathSegment: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '..',
      '..%2f..%2f..%2fetc%2fpasswd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '%252e%252e%252f',
      '%c0%ae%c0%ae%c0%af',
      '..%5c..%5cwindows',
      '.%00.',
      '%00',
      '%',
      '%zz',
      '%E0%A4%A',
      '..;',
      ';jsessionid=1',
      '%3Cscript%3E',
      '%F0%9F%A6%84',
      '%2F%2Fevil.example',
      '0',
      '-1',
      '1e3',
      '9007199254740993',
      '0x10',
    ),
  },
  { weight: 3, arbitrary: hostileText.map((text) => encodeURIComponent(safeForUri(text))) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1_000, max: 3_000 }).map((length) => 'a'.repeat(length)),
  },
);

/** encodeURIComponent refuses lone surrogates; a client would have sent U+FFFD instead. */
export function safeForUri(text: string): string {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
}

/** A query string (without `?`) that a query parser must survive. */
export const hostileQueryString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__[isAdmin]=true',
    'constructor[prototype][isAdmin]=true',
    'a[b][c][d][e][f]=1',
    'a=1&a=2&a=3',
    '%zz=%zz',
    '&&&==&',
    'a=%00',
    ';a=1',
  ),
  fc.dictionary(hostileKey, hostileText, { maxKeys: 4 }).map((entries) =>
    Object.entries(entries)
      .map(
        ([key, value]) =>
          `${encodeURIComponent(safeForUri(key))}=${encodeURIComponent(safeForUri(value))}`,
      )
      .join('&'),
  ),
);
