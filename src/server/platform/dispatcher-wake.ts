/**
 * Wakes the dispatcher's round in this process at once (a job was created, an offer declined or
 * withdrawn, a city switched), instead of waiting for its next tick; other processes find the change
 * on their own next tick, a few seconds later (docs/decisions/0273-dispatcher-offers-in-the-product.md).
 * Call it after the commit that made the change.
 */
const listeners = new Set<() => void>();

export function wakeDispatcher(): void {
  for (const listener of listeners) listener();
}

/** Registers the round to run on a wake; returns the function that stops listening. */
export function onDispatcherWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
