// The parent side of bench/lib/sse-clients.mjs: fork `processes` subscriber processes and spread
// connections over them.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sse-clients.mjs');

export function sseClients(processes = 1) {
  const children = Array.from({ length: processes }, () =>
    fork(CHILD, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  const ask = (child, msg, type) =>
    new Promise((resolve, reject) => {
      const onMessage = (m) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m);
      };
      const onExit = (code) => reject(new Error(`SSE client process exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(msg);
    });
  return {
    /** Opens one connection per path, spread round-robin over the processes. */
    async open(base, paths, concurrency = 32, headers = {}) {
      const parts = children.map((_, i) => paths.filter((__, j) => j % children.length === i));
      const replies = await Promise.all(
        children.map((c, i) => ask(c, { cmd: 'open', base, paths: parts[i], concurrency, headers }, 'opened')),
      );
      const statuses = {};
      for (const r of replies) for (const [k, v] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
      return { ok: replies.reduce((n, r) => n + r.ok, 0), failed: replies.reduce((n, r) => n + r.failed, 0), statuses };
    },
    /** Every order.status event received since the last call: [orderId, status, at, arrival]. */
    async collect() {
      const replies = await Promise.all(children.map((c) => ask(c, { cmd: 'collect' }, 'events')));
      return replies.flatMap((r) => r.events);
    },
    async stats() {
      const replies = await Promise.all(children.map((c) => ask(c, { cmd: 'stats' }, 'stats')));
      const sum = (k) => replies.reduce((n, r) => n + r[k], 0);
      return {
        open: sum('open'),
        heartbeats: sum('heartbeats'),
        withHeartbeat: sum('withHeartbeat'),
        received: sum('received'),
      };
    },
    async close() {
      await Promise.all(
        children.map(
          (c) =>
            new Promise((resolve) => {
              if (c.exitCode !== null) return resolve();
              c.once('exit', resolve);
              c.send({ cmd: 'close' });
              setTimeout(() => c.kill('SIGKILL'), 5000).unref();
            }),
        ),
      );
    },
  };
}
