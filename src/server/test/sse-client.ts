import http from 'node:http';
import type { LiveEvent } from '../platform/live-bus';

export type Stream = {
  status: number;
  events: LiveEvent[];
  waitFor(pred: (e: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /**
   * Resolves when the server ends the stream, with the reason of its last `event: end` (null when it
   * ended without one); rejects when it is still open after `timeoutMs`.
   */
  waitEnd(timeoutMs?: number): Promise<string | null>;
  close(): void;
};

/** Opens a real Server-Sent Events connection and collects its events. */
export function openStream(baseUrl: string, path: string, cookie?: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${baseUrl}${path}`,
      { headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } },
      (res) => {
        const events: LiveEvent[] = [];
        const waiters: { pred: (e: LiveEvent) => boolean; done: (e: LiveEvent) => void }[] = [];
        let buffer = '';
        let endReason: string | null = null;
        const ended = new Promise<string | null>((done) => {
          res.on('end', () => done(endReason));
          res.on('close', () => done(endReason));
        });
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let idx;
          while ((idx = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, idx);
            buffer = buffer.slice(idx + 2);
            const lines = block.split('\n');
            const data = lines
              .filter((l) => l.startsWith('data: '))
              .map((l) => l.slice(6))
              .join('\n');
            if (!data) continue;
            if (lines.includes('event: end')) {
              endReason = (JSON.parse(data) as { reason: string }).reason;
              continue;
            }
            const event = JSON.parse(data) as LiveEvent;
            events.push(event);
            for (const w of [...waiters]) {
              if (w.pred(event)) {
                waiters.splice(waiters.indexOf(w), 1);
                w.done(event);
              }
            }
          }
        });
        resolve({
          status: res.statusCode ?? 0,
          events,
          waitFor(pred, timeoutMs = 3000) {
            const found = events.find(pred);
            if (found) return Promise.resolve(found);
            return new Promise((ok, fail) => {
              const timer = setTimeout(() => fail(new Error('no matching event in time')), timeoutMs);
              waiters.push({ pred, done: (e) => (clearTimeout(timer), ok(e)) });
            });
          },
          waitEnd(timeoutMs = 3000) {
            let timer: ReturnType<typeof setTimeout> | undefined;
            return Promise.race([
              ended,
              new Promise<never>((_, fail) => {
                timer = setTimeout(() => fail(new Error(`the stream is still open after ${timeoutMs} ms`)), timeoutMs);
              }),
            ]).finally(() => clearTimeout(timer));
          },
          close() {
            req.destroy();
          },
        });
      },
    );
    req.on('error', reject);
  });
}
