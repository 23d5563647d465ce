import { AsyncLocalStorage } from 'node:async_hooks';
import { promiseHooks } from 'node:v8';

/**
 * Where the current span lives while a traced request or send runs
 * (docs/decisions/0263-traces-without-cost-for-untraced-requests.md). Only a traced request or send
 * ever enters one; an untraced request reads `current()` (undefined) and nothing else.
 *
 * - On async context frames (Node 24, and Node 22 started with `--experimental-async-context-frame`),
 *   AsyncLocalStorage: the frame travels with each promise at no cost per promise, and only a
 *   traced request's `run` costs anything.
 * - Elsewhere (Node 20, Node 22 without the flag), AsyncLocalStorage rests on async hooks: once one
 *   context is entered, every promise of every request runs Node's async-hook machinery (an async
 *   id, a resource, a store copied), about 1 µs a promise on a busy server. Instead, three
 *   V8 promise hooks of our own, each a field read or write: a promise made while a span is current
 *   keeps it, and its reaction runs with it. They start with the first traced request.
 *   What they do not carry is carried by hand: `queueMicrotask` callbacks (the "end of this tick"
 *   batches of the bus and the senders) by wrapping the global while the hooks run, a pool's
 *   callback by `bind` (db/client.ts), a request's body by the request hook re-entering the span
 *   after it is read (plugins/tracing.ts). Timers and other event emitters are not carried: a
 *   statement made from one inside a traced request makes no span.
 */
export type ContextCarrier<T extends object> = {
  readonly mode: 'async-context-frame' | 'promise-hooks';
  current(): T | undefined;
  run<R>(value: T, fn: () => R): R;
  /** `fn` running in the current context wherever it is called from; `fn` itself when there is none. */
  bind<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
  /** Stops carrying (the tracer's shutdown): nothing is current from then on. */
  stop(): void;
};

/** Whether AsyncLocalStorage is the async-context-frame one: the async-hooks one has an `_enable` method. */
export function asyncContextFrames(): boolean {
  return typeof (AsyncLocalStorage.prototype as unknown as { _enable?: unknown })._enable !== 'function';
}

export function createContextCarrier<T extends object>(
  mode: ContextCarrier<T>['mode'] = asyncContextFrames() ? 'async-context-frame' : 'promise-hooks',
): ContextCarrier<T> {
  return mode === 'async-context-frame' ? frameCarrier<T>() : promiseHookCarrier<T>();
}

function frameCarrier<T extends object>(): ContextCarrier<T> {
  const storage = new AsyncLocalStorage<T>();
  let stopped = false;
  const carrier: ContextCarrier<T> = {
    mode: 'async-context-frame',
    current: () => (stopped ? undefined : storage.getStore()),
    run: (value, fn) => (stopped ? fn() : storage.run(value, fn)),
    bind(fn) {
      const value = carrier.current();
      return value === undefined ? fn : (...args) => storage.run(value, () => fn(...args));
    },
    stop() {
      stopped = true;
      storage.disable();
    },
  };
  return carrier;
}

const KEY = Symbol('halalnosh.trace');
type Carried = { [KEY]?: unknown };

function promiseHookCarrier<T extends object>(): ContextCarrier<T> {
  let current: T | undefined;
  let stopHooks: (() => void) | null = null;
  let stopped = false;
  const nativeQueueMicrotask = globalThis.queueMicrotask;
  // A microtask queued inside a span runs in it: one check for any other.
  const queueMicrotask = (callback: () => void): void =>
    nativeQueueMicrotask(current === undefined ? callback : carrier.bind(callback));
  const start = (): void => {
    stopHooks = promiseHooks.createHook({
      // A promise made while a span is current keeps it (made outside one: nothing is written)…
      init(promise) {
        if (current !== undefined) (promise as Carried)[KEY] = current;
      },
      // …and its reaction (a `then` callback, the rest of an async function after an `await`) runs with it.
      before(promise) {
        current = (promise as Carried)[KEY] as T | undefined;
      },
      after() {
        current = undefined;
      },
    }) as () => void;
    globalThis.queueMicrotask = queueMicrotask;
  };
  const carrier: ContextCarrier<T> = {
    mode: 'promise-hooks',
    current: () => current,
    run(value, fn) {
      // Started by the first traced request, not before: a process whose sampler keeps nothing never runs them.
      if (!stopHooks && !stopped) start();
      const previous = current;
      current = value;
      try {
        return fn();
      } finally {
        current = stopped ? undefined : previous;
      }
    },
    bind(fn) {
      const value = current;
      return value === undefined ? fn : (...args) => carrier.run(value, () => fn(...args));
    },
    stop() {
      stopped = true;
      stopHooks?.();
      stopHooks = null;
      if (globalThis.queueMicrotask === queueMicrotask) globalThis.queueMicrotask = nativeQueueMicrotask;
      current = undefined;
    },
  };
  return carrier;
}
