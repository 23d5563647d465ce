import { sweeperPassed, sweeperStarted, sweeperStopped } from './metrics';

export type SweeperOptions = {
  /** Names the sweeper in its error log line: "<name> sweep failed". */
  name: string;
  /** Time between the starts of two passes. */
  intervalMs: number;
  /** When set, the first pass runs this soon after start instead of after one full interval. */
  firstPassAfterMs?: number;
  /** One pass. Each job claims its own rows (FOR UPDATE SKIP LOCKED), so processes never double work. */
  pass: () => Promise<unknown>;
  /** The app's logger (only its `error` is used). */
  log: { error(obj: object, msg: string): void };
};

/**
 * Runs a background pass on an interval until stopped; returns the stop function, which waits for
 * a pass in progress. A pass never overlaps the previous one in this process (a tick that finds one
 * still running is skipped); a failed pass is logged and the next tick tries again. The timers do
 * not keep the process alive. Each pass's end is recorded for the lag metrics (platform/metrics.ts).
 */
export function startSweeper({ name, intervalMs, firstPassAfterMs, pass, log }: SweeperOptions): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  sweeperStarted(name, intervalMs);
  const tick = () => {
    if (running) return;
    running = pass()
      .then(
        () => sweeperPassed(name, true),
        (err: unknown) => {
          sweeperPassed(name, false);
          log.error({ err, sweeper: name }, `${name} sweep failed`);
        },
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const first = firstPassAfterMs === undefined ? undefined : setTimeout(tick, firstPassAfterMs);
  first?.unref();
  return async () => {
    clearInterval(timer);
    clearTimeout(first);
    sweeperStopped(name);
    await running;
  };
}
