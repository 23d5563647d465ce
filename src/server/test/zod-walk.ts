import type { z } from 'zod';

/** The parts of a zod 4 schema definition the walkers read. */
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  catchall?: z.ZodType;
  getter?: () => z.ZodType;
};

export function defOf(schema: unknown): Def | null {
  const s = schema as { _zod?: { def?: Def } } | null;
  return s?._zod?.def ?? null;
}

/** Unwraps optional, nullable, default, pipe (the input side), catch, readonly and lazy wrappers. */
export function unwrap(schema: unknown): unknown {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const d = defOf(s);
    if (!d) return s;
    if (
      ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(d.type) &&
      d.innerType
    )
      s = d.innerType;
    else if (d.type === 'pipe') s = defOf(d.in)?.type === 'transform' ? d.out : d.in;
    else if (d.type === 'lazy' && d.getter) s = d.getter();
    else return s;
  }
  return s;
}

/** The object shapes a value may take (one per union option). */
export function objectShapes(schema: unknown): Record<string, z.ZodType>[] {
  const s = unwrap(schema);
  const d = defOf(s);
  if (!d) return [];
  if (d.type === 'object' && d.shape) return [d.shape];
  if (d.type === 'union' && d.options) return d.options.flatMap(objectShapes);
  if (d.type === 'intersection' && d.left && d.right) return [...objectShapes(d.left), ...objectShapes(d.right)];
  return [];
}

/** Every field name the schema knows at the top level (across union options). */
export function shapeKeys(schema: unknown): Set<string> {
  return new Set(objectShapes(schema).flatMap((shape) => Object.keys(shape)));
}

/** Whether the top-level object refuses unknown keys (z.strictObject / .strict()). */
export function isStrict(schema: unknown): boolean {
  const s = unwrap(schema);
  const d = defOf(s);
  if (!d) return false;
  if (d.type === 'object') return defOf(d.catchall)?.type === 'never';
  if (d.type === 'union' && d.options) return d.options.every(isStrict);
  return false;
}

/** The kind of value a field takes, for the hostile-value generator. */
export type FieldKind = 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'object' | 'record' | 'unknown';

export function fieldKind(schema: unknown): FieldKind {
  const d = defOf(unwrap(schema));
  switch (d?.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'array':
    case 'object':
    case 'record':
      return d.type;
    case 'enum':
    case 'literal':
      return 'enum';
    case 'union':
      return d.options?.length ? fieldKind(d.options[0]) : 'unknown';
    default:
      return 'unknown';
  }
}

/** The element schema of an array field, or null. */
export function arrayElement(schema: unknown): unknown {
  const d = defOf(unwrap(schema));
  return d?.type === 'array' ? (d.element ?? null) : null;
}
