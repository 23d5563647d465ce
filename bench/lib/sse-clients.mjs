// A load-generator child process holding many Server-Sent Events connections (forked by
// bench/perf/push.mjs, connections.mjs and scale-out.mjs, so that the subscribers are a process
// of their own). Driven over IPC:
//
//   { cmd: 'open', base, paths, concurrency, headers }  opens one connection per path (each its own socket)
//                                                -> { type: 'opened', ok, failed, statuses }
//   { cmd: 'collect' }  -> { type: 'events', events: [[orderId, status, at, arrival], ...] } for
//                          every order.status event since the last collect (at: the server's
//                          publish stamp, the SSE `at:` field; arrival: Date.now() here, epoch ms)
//   { cmd: 'stats' }    -> { type: 'stats', open, heartbeats, withHeartbeat, received }
//   { cmd: 'close' }    closes every connection and exits
import http from 'node:http';

const conns = [];
let events = [];
let received = 0;

function openOne(base, path, headers) {
  return new Promise((resolve) => {
    const conn = { res: null, req: null, heartbeats: 0, open: false };
    const req = http.get(
      `${base}${path}`,
      { agent: false, headers: { accept: 'text/event-stream', ...headers } },
      (res) => {
        conn.res = res;
        if (res.statusCode !== 200) {
          res.resume();
          resolve({ status: res.statusCode });
          return;
        }
        conn.open = true;
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          const arrival = Date.now();
          buffer += chunk;
          let idx;
          while ((idx = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, idx);
            buffer = buffer.slice(idx + 2);
            let at = null;
            let data = null;
            for (const line of block.split('\n')) {
              if (line === ': ping') conn.heartbeats++;
              else if (line.startsWith('at: ')) at = Number(line.slice(4));
              else if (line.startsWith('data: ')) data = line.slice(6);
            }
            if (!data) continue;
            received++;
            const e = JSON.parse(data);
            if (e.type === 'order.status') events.push([e.data.orderId, e.data.status, at, arrival]);
          }
        });
        res.on('close', () => (conn.open = false));
        resolve({ status: 200 });
      },
    );
    conn.req = req;
    req.on('error', (err) => resolve({ status: err.code ?? 'error' }));
    conns.push(conn);
  });
}

async function open({ base, paths, concurrency = 32, headers = {} }) {
  const statuses = {};
  let next = 0;
  async function worker() {
    while (next < paths.length) {
      const r = await openOne(base, paths[next++], headers);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, paths.length) }, worker));
  const ok = statuses[200] ?? 0;
  return { type: 'opened', ok, failed: paths.length - ok, statuses };
}

process.on('message', async (msg) => {
  if (msg.cmd === 'open') process.send(await open(msg));
  else if (msg.cmd === 'collect') {
    process.send({ type: 'events', events });
    events = [];
  } else if (msg.cmd === 'stats') {
    const live = conns.filter((c) => c.open);
    process.send({
      type: 'stats',
      open: live.length,
      heartbeats: conns.reduce((n, c) => n + c.heartbeats, 0),
      withHeartbeat: live.filter((c) => c.heartbeats > 0).length,
      received,
    });
  } else if (msg.cmd === 'close') {
    for (const c of conns) c.req?.destroy();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
