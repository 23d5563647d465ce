import { type FieldKind, arrayElement, fieldKind, objectShapes } from './zod-walk';

/**
 * A small, seeded generator of hostile request values (no fast-check here): wrong types, missing
 * fields, oversized strings, unicode edge cases, SQL- and HTML-looking text, extreme numbers and
 * deep nesting, chosen per field from each route's zod contract. The same seed gives the same
 * requests, so a failure can be replayed (HOSTILE_SEED=… npx vitest run …).
 */

/** mulberry32: a tiny deterministic PRNG. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rand: () => number, list: readonly T[], n: number): T[] {
  const copy = [...list];
  const out: T[] = [];
  while (out.length < n && copy.length) out.push(copy.splice(Math.floor(rand() * copy.length), 1)[0]);
  return out;
}

export const SQL_LOOKING = [
  "'); drop table orders;--",
  "' OR '1'='1",
  '1; select pg_sleep(5)--',
  "Robert'); DELETE FROM reviews; --",
  '$$; copy orders to program $$',
] as const;
export const HTML_LOOKING = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
] as const;

/** Strings no form would send. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  'a'.repeat(10_000),
  'é'.repeat(3000),
  '\u0000',
  'abc\u0000def',
  '\u202Eevil\u202C',
  'a\u200Bb\u200Dc\uFEFF',
  '\u200F\u061C\u0627\u0644\u0633\u0644\u0627\u0645',
  '😀'.repeat(500),
  '👨‍👩‍👧‍👦🏳️‍🌈',
  '\uD800',
  'x\uDFFFy',
  'ﷺ'.repeat(100),
  'Z̸̡̢͎̈́͌a̷l̶g̵o̷',
  '../../../etc/passwd',
  '%00%2e%2e%2f',
  '%s%n%x',
  '${jndi:ldap://x}',
  '__proto__',
  'null',
  'NaN',
  '-1',
  '1e309',
  ...SQL_LOOKING,
  ...HTML_LOOKING,
];

export const HOSTILE_NUMBERS: readonly unknown[] = [
  -1,
  0,
  -0,
  0.5,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  1e-300,
  '12',
  '1e3',
  'NaN',
  'Infinity',
  null,
];

/** Nested arrays `depth` deep: [[[[…]]]]. */
export function deepNest(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** Nested objects `depth` deep: {a:{a:{…}}}. */
export function deepObject(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

const WRONG_TYPES: readonly unknown[] = [null, true, false, 0, 'text', [], {}, [1, 2, 3], { $gt: '' }, deepNest(50)];

/** Always tried on a text field: the cases that once broke something or most easily could. */
const CORE_STRINGS: readonly string[] = [
  'abc\u0000def',
  '\uD800',
  'a'.repeat(10_000),
  "'); drop table orders;-- <script>alert(1)</script>",
  '\u202Eevil\u200B😀',
];

/** Values to put in a field of this kind: wrong types, the core cases of its own type, then `n` seeded picks. */
export function hostileFor(kind: FieldKind, rand: () => number, n: number): unknown[] {
  const wrong = pick(rand, WRONG_TYPES, 2);
  switch (kind) {
    case 'string':
    case 'enum':
      return [...wrong, ...CORE_STRINGS, ...pick(rand, HOSTILE_STRINGS, n)];
    case 'number':
      return [...wrong, -1, 2 ** 53 + 1, ...pick(rand, HOSTILE_NUMBERS, n)];
    case 'boolean':
      return [...wrong, 'true', 1];
    case 'array':
      return [...wrong, [], Array.from({ length: 5000 }, () => 'x'), [null], pick(rand, HOSTILE_STRINGS, 3)];
    default:
      return [...wrong, CORE_STRINGS[0], ...pick(rand, HOSTILE_STRINGS, Math.ceil(n / 2))];
  }
}

export type Mutation = { label: string; body: unknown; raw?: string; contentType?: string };

/**
 * Hostile bodies for a route: whole-body garbage, then per field of its contract (or of the
 * example) a missing field and hostile values; array elements' fields too.
 */
export function bodyMutations(
  schema: unknown,
  example: Record<string, unknown> | undefined,
  rand: () => number,
  perField = 6,
): Mutation[] {
  const base = example ?? {};
  const out: Mutation[] = [
    { label: 'null body', body: null },
    { label: 'array body', body: [] },
    { label: 'string body', body: 'text' },
    { label: 'number body', body: 42 },
    // Built as text: the test process would overflow its own stack stringifying them.
    { label: 'deep nesting', body: undefined, raw: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
    { label: 'deep objects', body: undefined, raw: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}` },
    { label: 'deep field', body: { ...base, nested: deepObject(500) } },
    { label: 'many keys', body: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])) },
    { label: 'malformed json', body: undefined, raw: '{"a": [1, 2,' },
    {
      label: 'prototype pollution',
      body: undefined,
      raw: `{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}`,
    },
    { label: 'plain text', body: undefined, raw: 'hello', contentType: 'text/plain' },
    { label: 'form encoded', body: undefined, raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  ];
  const shapes = objectShapes(schema);
  const fields = new Map<string, unknown>();
  for (const shape of shapes) for (const [k, v] of Object.entries(shape)) fields.set(k, v);
  for (const k of Object.keys(base)) if (!fields.has(k)) fields.set(k, undefined);
  for (const [field, fieldSchema] of fields) {
    if (field in base) {
      const { [field]: _dropped, ...rest } = base;
      out.push({ label: `${field} missing`, body: rest });
    }
    const kind = fieldSchema ? fieldKind(fieldSchema) : 'unknown';
    for (const value of hostileFor(kind, rand, perField))
      out.push({ label: `${field}=${describe(value)}`, body: { ...base, [field]: value } });
    const element = fieldSchema ? arrayElement(fieldSchema) : null;
    const first = Array.isArray(base[field]) ? (base[field] as unknown[])[0] : undefined;
    if (element && first && typeof first === 'object') {
      for (const [sub, subSchema] of objectShapes(element).flatMap((s) => Object.entries(s))) {
        for (const value of hostileFor(fieldKind(subSchema), rand, 3)) {
          out.push({
            label: `${field}[0].${sub}=${describe(value)}`,
            body: { ...base, [field]: [{ ...(first as object), [sub]: value }] },
          });
        }
      }
    }
  }
  return out;
}

/** Hostile query strings: each known parameter given hostile text, repeated, or emptied. */
export function queryMutations(
  schema: unknown,
  exampleQuery: URLSearchParams,
  rand: () => number,
  perField = 5,
): { label: string; query: string }[] {
  const keys = new Set([...objectShapes(schema).flatMap((s) => Object.keys(s)), ...exampleQuery.keys()]);
  const out: { label: string; query: string }[] = [];
  for (const key of keys) {
    const values = [
      ...pick(rand, HOSTILE_STRINGS, perField),
      ...pick(rand, ['NaN', 'Infinity', '-1', '1e309', '0x10', '9'.repeat(400), '1.5', '[]', '{}'], 3),
    ];
    for (const value of values) {
      const q = new URLSearchParams(exampleQuery);
      q.set(key, value);
      out.push({ label: `?${key}=${describe(value)}`, query: q.toString() });
    }
    const repeated = new URLSearchParams(exampleQuery);
    repeated.append(key, 'a');
    repeated.append(key, 'b');
    out.push({ label: `?${key} twice`, query: repeated.toString() });
  }
  return out;
}

/** Hostile path segments for a route parameter. */
export const HOSTILE_PARAMS: readonly string[] = [
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  "'%20or%201%3D1--",
  '%3Cscript%3E',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  'HN-999999999999999999999',
  'a'.repeat(90),
  '%ED%A0%80',
];

function describe(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
}
