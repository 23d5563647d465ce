import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts and does not wait for (docs/decisions/0204-password-reset-tokens-and-timing.md):
 * each task runs after the answer, its failure is logged, and closing the app waits for the tasks
 * still running. Tests may pass their own runner to hold tasks and run them by hand.
 */
export type BackgroundTasks = {
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves once no task is running. */
  idle(): Promise<void>;
};

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const p: Promise<unknown> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err }, `background task ${name} failed`))
        .finally(() => running.delete(p));
      running.add(p);
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
