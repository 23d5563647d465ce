import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, inputProblem } from './input-hygiene';

describe('inputProblem', () => {
  it('accepts ordinary text, emoji, right-to-left and zero-width characters', () => {
    expect(inputProblem({ a: 'Salam 😀 \u202Eمرحبا\u200B', b: [1, { c: 'ok' }] })).toBeNull();
  });

  it('refuses a NUL character anywhere, keys included', () => {
    expect(inputProblem({ a: ['x', { b: 'a\u0000b' }] })).toMatch(/NUL/);
    expect(inputProblem({ 'a\u0000': 1 })).toMatch(/Field names/);
  });

  it('refuses unpaired surrogates but not paired ones', () => {
    expect(inputProblem('\uD800')).toMatch(/Unicode/);
    expect(inputProblem('x\uDFFFy')).toMatch(/Unicode/);
    expect(inputProblem('\uD83D\uDE00')).toBeNull();
  });

  it(`refuses nesting deeper than ${MAX_INPUT_DEPTH} without exhausting the stack`, () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inputProblem(deep)).toMatch(/nested/);
  });
});
