import { describe, expect, it } from 'vitest';
import { isMultipart } from './endpoint';
import { allEndpoints } from './endpoints';

type Def = {
  type: string;
  shape?: Record<string, unknown>;
  catchall?: { _zod?: { def?: Def } };
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
  element?: unknown;
  valueType?: unknown;
  getter?: () => unknown;
};
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } })?._zod?.def;

/** The paths of every object inside a request schema that would drop unknown fields instead of refusing them. */
function looseObjects(schema: unknown, path = '(root)', seen = new Set<unknown>()): string[] {
  const d = defOf(schema);
  if (!d || seen.has(schema)) return [];
  seen.add(schema);
  const walk = (s: unknown, p = path) => looseObjects(s, p, seen);
  switch (d.type) {
    case 'object':
      return [
        ...(defOf(d.catchall)?.type === 'never' ? [] : [path]),
        ...Object.entries(d.shape ?? {}).flatMap(([k, v]) => walk(v, `${path === '(root)' ? '' : `${path}.`}${k}`)),
      ];
    case 'array':
      return walk(d.element, `${path}[]`);
    case 'record':
      return walk(d.valueType);
    case 'union':
      return (d.options ?? []).flatMap((o) => walk(o));
    case 'intersection':
      return [...walk(d.left), ...walk(d.right)];
    case 'pipe':
      return [...walk(d.in), ...walk(d.out)];
    case 'lazy':
      return d.getter ? walk(d.getter()) : [];
    default:
      return d.innerType ? walk(d.innerType) : [];
  }
}

describe('the endpoint contracts', () => {
  it('refuse unknown fields and query parameters everywhere in a request (strict objects)', () => {
    const loose = allEndpoints().flatMap(({ area, name, endpoint }) =>
      (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema = endpoint[part];
        if (!schema || isMultipart(schema)) return [];
        return looseObjects(schema).map((p) => `${area}.${name} ${part} ${p}`);
      }),
    );
    expect(loose).toEqual([]);
  });

  it('name each method and path once', () => {
    const keys = allEndpoints().map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('serve the better-auth sub-paths only under its mount', () => {
    for (const { endpoint } of allEndpoints().filter((e) => e.endpoint.servedBy))
      expect(endpoint.path).toMatch(/^\/api\/auth\/[a-z-/]+$/);
  });

  it('declare every path parameter in params, and only those', () => {
    for (const { area, name, endpoint } of allEndpoints()) {
      const inPath = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();
      const declared = Object.keys(defOf(endpoint.params)?.shape ?? {}).sort();
      expect(declared, `${area}.${name}`).toEqual(inPath);
    }
  });
});
