// The browser's half of scripts/compose-topology.mjs: everything through the TLS proxy at PUBLIC_URL
// (the process trusts the self-signed certificate through NODE_EXTRA_CA_CERTS, nothing else), plus
// event streams and reads straight on each app process to see that both have what one of them wrote.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { call, openDemoBranch, signIn, subscribe } from '../bench/lib/harness.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function runClient({ publicUrl, httpPort, apps }) {
  const steps = [];
  const health = await fetch(`${publicUrl}/api/health`);
  const body = await health.json();
  const rid = health.headers.get('x-request-id') ?? '';
  if (health.status !== 200 || body.database !== 'postgres')
    throw new Error(`GET /api/health: ${health.status} ${JSON.stringify(body)}`);
  if (!/^[0-9a-f]{32}$/.test(rid)) throw new Error(`no request id from nginx in X-Request-Id (${rid})`);
  if (!health.headers.get('strict-transport-security')) throw new Error('no Strict-Transport-Security over https');
  steps.push(
    `${publicUrl}/api/health: 200 over TLS (certificate verified), database ${body.database}, X-Request-Id from nginx, HSTS`,
  );

  const plain = await fetch(`http://localhost:${httpPort}/restaurants`, { redirect: 'manual' });
  if (plain.status !== 301 || !plain.headers.get('location')?.startsWith('https://'))
    throw new Error(`plain http: ${plain.status} to ${plain.headers.get('location')}`);
  steps.push(`http://localhost:${httpPort}/restaurants: 301 to ${plain.headers.get('location')}`);

  const customer = await signIn(publicUrl, 'customer@halalnosh.test');
  const branch = await openDemoBranch(publicUrl);
  steps.push(
    `signed in the demo customer and partner through the proxy; branch ${branch.site.name ?? branch.site.id} open`,
  );

  // The partner's live stream on each process, straight (no proxy): whichever process takes the order,
  // the other hears of it only over the Redis bus.
  const streams = await Promise.all(
    apps.map((a) =>
      subscribe(`http://127.0.0.1:${a.port}`, `/api/events?topics=site:${branch.site.id}`, { cookie: branch.partner }),
    ),
  );
  for (const [i, s] of streams.entries())
    if (s.status !== 200) throw new Error(`${apps[i].name}: event stream ${s.status}`);
  await sleep(500);

  const placed = await call(publicUrl, 'POST', '/api/orders', {
    cookie: customer,
    headers: { 'idempotency-key': `topology-${randomUUID()}` },
    body: {
      siteId: branch.site.id,
      orderType: 'PICKUP',
      items: [{ menuItemId: branch.items[0].id, quantity: 2 }],
      customerName: 'Aisha Rahman',
      customerPhone: '07700 900123',
    },
  });
  if (placed.status !== 201) throw new Error(`POST /api/orders: ${placed.status} ${placed.text}`);
  const order = placed.json.order;
  steps.push(`the customer placed order ${order.orderNumber} through the proxy: 201`);

  for (let i = 0; ; i++) {
    const heard = streams.map((s) => JSON.stringify(s.events).includes(order.id));
    if (heard.every(Boolean)) break;
    if (i > 150)
      throw new Error(
        `the order's event reached ${
          apps
            .filter((_, j) => heard[j])
            .map((a) => a.name)
            .join(', ') || 'no process'
        } only`,
      );
    await sleep(100);
  }
  for (const s of streams) s.close();
  steps.push(`its event reached the partner's stream on ${apps.map((a) => a.name).join(' and ')} (the bus is Redis)`);

  const lists = [['the proxy', publicUrl], ...apps.map((a) => [a.name, `http://127.0.0.1:${a.port}`])];
  for (const [where, base] of lists) {
    const res = await call(base, 'GET', `/api/partner/sites/${branch.site.id}/orders`, { cookie: branch.partner });
    if (res.status !== 200 || !res.text.includes(order.id))
      throw new Error(`the partner's orders on ${where}: ${res.status}, order ${order.orderNumber} missing`);
  }
  steps.push(`the partner's order list has it through the proxy and on ${apps.map((a) => a.name).join(' and ')}`);

  // The shared uploads volume: a menu photo uploaded through the proxy is served by every process.
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1f7a4d' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'lamb-karahi.jpg');
  const uploaded = await fetch(`${publicUrl}/api/uploads?purpose=menu_image`, {
    method: 'POST',
    headers: { origin: publicUrl, cookie: branch.partner },
    body: form,
  });
  const upload = await uploaded.json();
  if (uploaded.status !== 201) throw new Error(`POST /api/uploads: ${uploaded.status} ${JSON.stringify(upload)}`);
  for (const a of apps) {
    const res = await fetch(`http://127.0.0.1:${a.port}${upload.url}`);
    await res.arrayBuffer();
    if (res.status !== 200 || !/^image\//.test(res.headers.get('content-type') ?? ''))
      throw new Error(`${a.name}: GET ${upload.url} answered ${res.status} ${res.headers.get('content-type')}`);
  }
  steps.push(
    `a menu photo uploaded through the proxy is served by ${apps.map((a) => a.name).join(' and ')} (one uploads volume)`,
  );
  return { steps, order: { orderNumber: order.orderNumber } };
}
