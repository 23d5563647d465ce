import http from 'node:http';
import type { LiveEvent } from '../platform/live-bus';

export type Stream = {
  status: number;
  events: LiveEvent[];
  waitFor(pred: (e: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
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
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let idx;
          while ((idx = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, idx);
            buffer = buffer.slice(idx + 2);
            const data = block
              .split('\n')
              .filter((l) => l.startsWith('data: '))
              .map((l) => l.slice(6))
              .join('\n');
            if (!data) continue;
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
          close() {
            req.destroy();
          },
        });
      },
    );
    req.on('error', reject);
  });
}
