/**
 * Calls that arrive while one batch is in flight wait and go together in the next (at most `max`
 * at a time), each with its own answer, in order; the first call of a quiet moment waits for the
 * end of the tick, so calls made together go together. A quiet moment costs a statement per call
 * (or per group of calls made together), a busy lane a statement per batch
 * (docs/decisions/0140-notification-outbox.md). A batch that fails rejects every call in it: each
 * send then fails alone, as it would have, and is retried.
 */
export function batched<In, Out>(run: (inputs: In[]) => Promise<Out[]>, max = 200): (input: In) => Promise<Out> {
  type Call = { input: In; resolve: (out: Out) => void; reject: (err: unknown) => void };
  let waiting: Call[] | null = null;
  const flush = async (batch: Call[]): Promise<void> => {
    try {
      const outs = await run(batch.map((c) => c.input));
      batch.forEach((c, i) => c.resolve(outs[i]));
    } catch (err) {
      for (const c of batch) c.reject(err);
    }
    const next = waiting ?? [];
    if (next.length) {
      waiting = next.splice(max);
      void flush(next);
    } else waiting = null;
  };
  return (input) =>
    new Promise<Out>((resolve, reject) => {
      if (waiting) waiting.push({ input, resolve, reject });
      else {
        // Sent at the end of this tick, so the calls of sends that started together share it.
        waiting = [{ input, resolve, reject }];
        queueMicrotask(() => void flush(waiting!.splice(0, max)));
      }
    });
}
