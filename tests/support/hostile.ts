import fc from 'fast-check';

/**
 * Hostile input for fuzzing: the boundary and attack values a careless parser trips on, mixed
 * with fast-check's random ones. Every arbitrary here yields JSON-representable values, except
 * `rawJsonBody`, which yields request bodies as text (malformed on purpose).
 */

/** Keys that poison prototypes or shadow built-ins when copied into objects. */
export const poisonKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const specialStrings = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '%00',
  '\uFEFF',
  '\u202Eevil',
  '\uD800',
  '\uDFFF\uD800',
  '😀',
  '👨‍👩‍👧‍👦'.repeat(20),
  'Ｚａｌｇｏ̵̡̢̛̛̛̗̘̙̜̝̞̟̠̤̥̦̩̪̫̬̭̮̯̰̱̲̳̹̺̻̼͇͈͉͍͎',
  'null',
  'undefined',
  'true',
  'false',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  '-9223372036854775809',
  '0x7fffffff',
  '1.5',
  '[]',
  '{}',
  '{"a":1}',
  '[1,2,3]',
  '<script>window.__xss=1</script>',
  '"><svg onload=alert(1)>',
  "' OR '1'='1",
  "'; drop table users; --",
  '$where',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose.
  '${7*7}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  'C:\\Windows\\win.ini',
  'http://169.254.169.254/latest/meta-data/',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  ...poisonKeys,
  '__proto__.polluted',
  'a'.repeat(31),
  'a'.repeat(101),
  'a'.repeat(257),
  'a'.repeat(2001),
  'x'.repeat(70_000),
  '\u0000'.repeat(1000),
  '😀'.repeat(5000),
];

/** Strings: boundary values, full unicode (lone surrogates included), control characters, long runs. */
export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...specialStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\u2028', '<', '"', '\\', '%'),
    }),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 100, maxLength: 400 }) },
);

/** Numbers at and past every boundary an id, a page or a position could have. */
export const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    2,
    3,
    4,
    5,
    0.5,
    -0.5,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 63),
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const leaf = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Any JSON value: leaves, lists and objects (with poison keys), nested a few levels. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 5 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...poisonKeys), fc.string({ maxLength: 8 })), tie('value'), {
        maxKeys: 4,
      }),
    },
  ),
})).value;

/** A field's value: usually something the route could accept, often something hostile. */
export const fieldValue = <T>(plausible: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 2, arbitrary: plausible }, { weight: 3, arbitrary: hostileValue });

/** A JSON object body built from the route's fields (each present or not) plus stray keys. */
export function jsonObject(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const known = fc.record(Object.fromEntries(Object.entries(fields).map(([name, arb]) => [name, fieldValue(arb)])), {
    requiredKeys: [],
  });
  const stray = fc.dictionary(fc.oneof(fc.constantFrom(...poisonKeys), fc.string({ maxLength: 10 })), hostileValue, {
    maxKeys: 3,
  });
  return fc.tuple(known, stray).map(([a, b]) => ({ ...b, ...a }));
}

/** Serialises an object so that poison keys really appear in the text (JSON.stringify keeps own keys only). */
export function jsonText(body: Record<string, unknown>, poison: string | null): string {
  const text = JSON.stringify(body);
  if (!poison) return text;
  const injected = `"${poison}":{"polluted":true,"isAdmin":true}`;
  return text === '{}' ? `{${injected}}` : `{${injected},${text.slice(1)}`;
}

/** Request bodies as text that no strict JSON parser should take, or that test its edges. */
export const rawJsonBody = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '{"a":1}{"b":2}',
    '{"a":1} trailing',
    'null',
    'true',
    '0',
    '"just a string"',
    '[]',
    '[{"a":1}]',
    '\uFEFF{}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":"\\ud800"}',
    '{"a":"\u0000"}',
    '{"a":1e999999}',
    '{"a":-0}',
    `{"a":${'9'.repeat(400)}}`,
    `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
    `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
  ),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** Content types a client might send with a body, honest or not. */
export const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/JSON',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'application/vnd.api+json',
  '*/*',
  'json',
);

/** Query-string values: single, repeated, empty, hostile. */
export const queryValue: fc.Arbitrary<string[]> = fc.oneof(
  hostileString.map((s) => [s]),
  fc.array(hostileString, { minLength: 2, maxLength: 3 }),
  fc.constant(['']).map((v) => [...v]),
);
