import { afterEach, describe, expect, it } from 'vitest';
import { startSweeper } from './sweeper';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Collects what the sweeper logs. */
function logRecorder() {
  const lines: { obj: object; msg: string }[] = [];
  return { lines, log: { error: (obj: object, msg: string) => void lines.push({ obj, msg }) } };
}

let stop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stop?.();
  stop = null;
});

describe('startSweeper', () => {
  it('runs a pass every interval until stopped', async () => {
    let passes = 0;
    const { log } = logRecorder();
    stop = startSweeper({ name: 't', intervalMs: 10, pass: async () => void passes++, log });
    await sleep(150);
    expect(passes).toBeGreaterThanOrEqual(3);
    await stop();
    const after = passes;
    await sleep(40);
    expect(passes).toBe(after);
  });

  it('never starts a pass while the previous one is still running', async () => {
    let active = 0;
    let most = 0;
    let passes = 0;
    const { log } = logRecorder();
    stop = startSweeper({
      name: 't',
      intervalMs: 5,
      pass: async () => {
        active++;
        most = Math.max(most, active);
        await sleep(30);
        active--;
        passes++;
      },
      log,
    });
    await sleep(200);
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
  });

  it('logs a failed pass with its name and keeps sweeping', async () => {
    let passes = 0;
    const { lines, log } = logRecorder();
    stop = startSweeper({
      name: 'late-orders',
      intervalMs: 10,
      pass: async () => {
        passes++;
        throw new Error('database away');
      },
      log,
    });
    await sleep(60);
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(lines[0].msg).toBe('late-orders sweep failed');
    expect(lines[0].obj).toMatchObject({ sweeper: 'late-orders', err: { message: 'database away' } });
  });

  it('waits for the pass in progress when stopped', async () => {
    let finished = false;
    const { log } = logRecorder();
    const stopNow = startSweeper({
      name: 't',
      intervalMs: 5,
      pass: async () => {
        await sleep(40);
        finished = true;
      },
      log,
    });
    await sleep(15);
    await stopNow();
    expect(finished).toBe(true);
  });

  it('runs the first pass early when asked, then on the interval', async () => {
    const at: number[] = [];
    const started = Date.now();
    const { log } = logRecorder();
    stop = startSweeper({
      name: 't',
      intervalMs: 200,
      firstPassAfterMs: 10,
      pass: async () => void at.push(Date.now() - started),
      log,
    });
    await sleep(100);
    expect(at).toHaveLength(1);
    expect(at[0]).toBeLessThan(100);
  });
});
