import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { type ContextCarrier, asyncContextFrames, createContextCarrier } from './tracing-context';

/**
 * The traces' context (docs/decisions/0263-traces-without-cost-for-untraced-requests.md): what a
 * traced request's awaits, `then` callbacks and end-of-tick microtasks see, and that two requests
 * running at once never see each other's. Each carrier this Node offers: promise hooks everywhere,
 * AsyncLocalStorage where it rests on async context frames (Node 24, Node 22 with the flag).
 */
const nativeQueueMicrotask = globalThis.queueMicrotask;
const modes: ContextCarrier<object>['mode'][] = asyncContextFrames()
  ? ['promise-hooks', 'async-context-frame']
  : ['promise-hooks'];

describe.each(modes)('the context carried on %s', (mode) => {
  let carrier: ContextCarrier<{ name: string }>;
  afterEach(() => carrier.stop());

  /** A request's work: awaits, a `then`, a microtask, a database call's `await` behind a setImmediate queue. */
  const work = async (seen: string[]) => {
    const read = () => seen.push(carrier.current()?.name ?? 'none');
    read();
    await null;
    read();
    await new Promise<void>((resolve) => setImmediate(resolve));
    read();
    await Promise.resolve().then(read);
    await new Promise<void>((resolve) =>
      queueMicrotask(() => {
        read();
        resolve();
      }),
    );
    await sleep(1);
    read();
  };

  it('follows a traced request through its awaits, callbacks and microtasks, and no other', async () => {
    carrier = createContextCarrier(mode);
    expect(carrier.current()).toBeUndefined();
    const a: string[] = [];
    const b: string[] = [];
    const untraced: string[] = [];
    await Promise.all([
      carrier.run({ name: 'a' }, () => work(a)),
      carrier.run({ name: 'b' }, () => work(b)),
      work(untraced),
    ]);
    expect(a).toEqual(Array(6).fill('a'));
    expect(b).toEqual(Array(6).fill('b'));
    expect(untraced).toEqual(Array(6).fill('none'));
    expect(carrier.current()).toBeUndefined();
  });

  it('binds a callback to the span it was bound in, and passes one bound outside a span as it is', async () => {
    carrier = createContextCarrier(mode);
    const outside = () => carrier.current()?.name;
    expect(carrier.bind(outside)).toBe(outside);
    const bound = carrier.run({ name: 'pool' }, () => carrier.bind(() => carrier.current()?.name));
    const later = await new Promise((resolve) => setTimeout(() => resolve(bound()), 1));
    expect(later).toBe('pool');
  });

  it('carries nothing once stopped', async () => {
    carrier = createContextCarrier(mode);
    carrier.stop();
    const seen: string[] = [];
    await carrier.run({ name: 'late' }, async () => {
      await null;
      seen.push(carrier.current()?.name ?? 'none');
    });
    expect(seen).toEqual(['none']);
    expect(globalThis.queueMicrotask).toBe(nativeQueueMicrotask);
  });
});
