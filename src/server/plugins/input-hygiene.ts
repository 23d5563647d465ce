import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors';
import { matchedEndpoint } from '../http/route';

/** Deeper than any contract goes (the deepest, notification settings, is 3). */
export const MAX_INPUT_DEPTH = 32;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first problem with a parsed request value, or null. Walks without recursion, so a body
 * nested thousands deep cannot exhaust the stack.
 */
export function inputProblem(value: unknown): string | null {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  while (stack.length) {
    const { v, depth } = stack.pop()!;
    if (typeof v === 'string') {
      // PostgreSQL text and JSON cannot hold NUL, nor JSON an unpaired surrogate: refuse them
      // here with a 400 rather than fail in the database with a 500.
      if (v.includes('\u0000')) return 'Text may not contain NUL characters';
      if (LONE_SURROGATE.test(v)) return 'Text must be valid Unicode (unpaired surrogate)';
    } else if (v && typeof v === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return `Request is nested more than ${MAX_INPUT_DEPTH} levels deep`;
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000') || LONE_SURROGATE.test(k)) return 'Field names must be valid text';
        stack.push({ v: child, depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * Refuses API input no contract can accept and the database cannot store, before validation:
 * NUL characters and unpaired surrogates in any string of the body, query or path, and bodies
 * nested absurdly deep (found by security/hostile-input.test.ts: each was a 500).
 */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // The matched route, not the address (docs/decisions/0196-policy-decided-by-the-matched-route.md).
    if (!matchedEndpoint(request)) return;
    // `/api/cities/` is not /api/cities: the router reads it as /api/cities/:slug with an empty
    // slug, which names nothing (one spelling per route, docs/decisions/0196-policy-decided-by-the-matched-route.md).
    const params = (request.params ?? {}) as Record<string, unknown>;
    if (Object.values(params).some((v) => v === '')) throw new AppError('NOT_FOUND', 'Not found');
    const problem = inputProblem(request.params) ?? inputProblem(request.query) ?? inputProblem(request.body);
    if (problem) throw new AppError('VALIDATION_ERROR', problem);
  });
}
