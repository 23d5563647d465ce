import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, menuItems, menus, sites, tenantSettings } from '../db/schema/index';
import { seedDemo } from '../db/seed/seed-demo';
import { type TestApp, createTestApp } from '../test/test-app';
import { BOOT_ID, BOOT_SCRIPT } from './paint-first';

// Server-rendered customer pages (docs/decisions/0177-server-rendered-customer-pages.md), rendered
// by the rendering entry's source (the build's dist-ssr/ bundle is made from it) into a shell like
// the build's index.html.
const SHELL =
  '<!doctype html><html lang="en-GB"><head><title>HalalNosh</title>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>' +
  '<body><div id="root"></div><noscript>x</noscript></body></html>';
const CSS = '.hero{color:green}';

/** The id of the state's JSON block (src/web/ssr/app-tree.tsx). */
const SERVER_STATE_ID = 'halalnosh-ssr-state';

let t: TestApp;
const SLUG = 'saffron-ember-green-street';

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'halalnosh-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'assets', 'customer-abc.js'), '');
  writeFileSync(path.join(dist, 'assets', 'index-abc.css'), CSS);
  t = await createTestApp({ webDistDir: dist, webRenderEntry: path.resolve('src/web/ssr/entry-server.tsx') });
  await seedDemo(t.database.db, { storage: t.app.deps.uploadStorage });
});
afterAll(async () => t?.close());

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

/** What the boot script requests after the first paint (src/server/plugins/paint-first.ts). */
const bootOf = (html: string) =>
  JSON.parse(new RegExp(`<script type="application/json" id="${BOOT_ID}">([^<]*)</script>`).exec(html)![1]) as {
    entry: string;
    modules: string[];
    fetches: string[];
  };

/** The rendered markup inside the root element ('' for the empty shell). */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\s*(<script type="application\/json"|<noscript)/.exec(html)?.[1] ?? '';

describe('customer landing pages arrive rendered', () => {
  it('the home page has its hero, search form, restaurant cards and cities, and the state to hydrate with', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const root = rootOf(res.body);
    expect(root).toContain('Halal food you can trust, delivered</h1>');
    expect(root).toContain('role="search"');
    expect(root).toContain('Saffron Ember');
    expect(root).toContain('Birmingham');
    expect(res.body).toContain(`<script type="application/json" id="${SERVER_STATE_ID}">`);
    // The answers it carries are not preloaded again; the session still is (with the scripts).
    expect(bootOf(res.body).fetches).toEqual(['/api/me']);
    expect(res.body).not.toContain('/api/restaurants/search');
  });

  it("carries the footer's company name and support phone, so the browser does not ask for them", async () => {
    const platform = (await get('/api/platform')).body;
    const { companyName, supportPhone } = JSON.parse(platform) as { companyName: string; supportPhone: string };
    for (const url of ['/', '/restaurants/london', '/restaurants/birmingham']) {
      const res = await get(url);
      const root = rootOf(res.body);
      expect(root).toContain(`${companyName}<!-- -->: halal food delivery across the UK.`);
      expect(root).toContain(supportPhone);
      expect(res.body).toContain('"queryKey":["platform"]');
      expect(bootOf(res.body).fetches).not.toContain('/api/platform');
    }
  });

  it('paints before its scripts are requested: stylesheet inline, scripts and data hints left to the boot script', async () => {
    const res = await get('/restaurants/london');
    const head = /<head>([\s\S]*)<\/head>/.exec(res.body)![1];
    expect(head).toContain(`<style>${CSS}</style>`);
    expect(head).not.toMatch(/<script|modulepreload|rel="stylesheet"|as="fetch"/);
    expect(bootOf(res.body)).toEqual({
      entry: '/assets/index-abc.js',
      modules: ['/assets/vendor-abc.js'],
      fetches: [],
    });
    // The one inline script is the boot script, admitted by its hash and by nothing broader.
    const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual([BOOT_SCRIPT]);
    const hash = createHash('sha256').update(inline[0]).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1];
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
    // The boot block comes after the state, the boot script last.
    expect(res.body.indexOf(SERVER_STATE_ID)).toBeLessThan(res.body.indexOf(BOOT_ID));
  });

  it("keeps a restaurant's hero image hint in the head, at high priority", async () => {
    const res = await get(`/restaurant/${SLUG}`);
    const head = /<head>([\s\S]*)<\/head>/.exec(res.body)![1];
    const { restaurant } = JSON.parse((await get(`/api/restaurants/${SLUG}`)).body) as {
      restaurant: { imageUrl: string | null };
    };
    expect(restaurant.imageUrl).toMatch(/^\//);
    expect(head).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${restaurant.imageUrl}">`);
    expect(bootOf(res.body).fetches).toContain('/api/me');
  });

  it('the London page and a city page list their restaurants', async () => {
    const london = rootOf((await get('/restaurants/london')).body);
    expect(london).toContain('Halal Restaurants in London</h1>');
    expect(london).toContain('Saffron Ember');
    const city = rootOf((await get('/restaurants/birmingham')).body);
    expect(city).toMatch(/Halal Restaurants in (<!-- -->)?Birmingham<\/h1>/);
  });

  it('names each page in its HTML title, before any script runs', async () => {
    const titleOf = async (url: string) => /<title>([^<]*)<\/title>/.exec((await get(url)).body)?.[1];
    expect(await titleOf('/')).toBe('Find Halal Food Delivery in the UK | HalalNosh');
    expect(await titleOf('/restaurants/london')).toBe(
      'Halal Restaurants in London | Delivery &amp; Pickup | HalalNosh',
    );
    expect(await titleOf('/restaurants/birmingham')).toBe(
      'Halal Restaurants in Birmingham | Delivery &amp; Pickup | HalalNosh',
    );
  });

  it("a restaurant page has the branch's name and its menu", async () => {
    const [site] = await t.database.db.select().from(sites).where(eq(sites.slug, SLUG));
    const [brand] = await t.database.db.select().from(brands).where(eq(brands.id, site.brandId));
    const [menu] = await t.database.db.select().from(menus).where(eq(menus.brandId, brand.id));
    const items = await t.database.db.select().from(menuItems).where(eq(menuItems.menuId, menu.id));
    const res = await get(`/restaurant/${SLUG}`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    const plain = await get(`/restaurant/${SLUG}`);
    const root = rootOf(plain.body);
    expect(root).toContain(`${brand.name}</h1>`);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items.filter((i) => i.isAvailable).slice(0, 5)) expect(root).toContain(item.name);
  });

  it('answers a revalidation of an unchanged page with 304', async () => {
    const first = await get('/restaurants/london', { 'accept-encoding': 'gzip' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/-gzip"$/);
    const again = await get('/restaurants/london', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows a change to the catalog in the next page (the HTML is kept under the catalog version)', async () => {
    const before = rootOf((await get(`/restaurant/${SLUG}`)).body);
    const [site] = await t.database.db.select().from(sites).where(eq(sites.slug, SLUG));
    await t.database.db.update(brands).set({ name: 'Renamed Ember' }).where(eq(brands.id, site.brandId));
    const after = rootOf((await get(`/restaurant/${SLUG}`)).body);
    expect(before).not.toContain('Renamed Ember');
    expect(after).toContain('Renamed Ember</h1>');
  });

  it('shows a change to the support phone in the next page (a settings change moves the catalog version)', async () => {
    const before = rootOf((await get('/restaurants/london')).body);
    await t.database.db
      .insert(tenantSettings)
      .values({ settingKey: 'support_phone', settingValue: JSON.stringify('020 7946 0321') })
      .onConflictDoUpdate({
        target: [tenantSettings.tenantId, tenantSettings.settingKey],
        set: { settingValue: JSON.stringify('020 7946 0321') },
      });
    const after = rootOf((await get('/restaurants/london')).body);
    expect(before).not.toContain('020 7946 0321');
    expect(after).toContain('020 7946 0321');
  });

  it('escapes a name that would end the state script', async () => {
    const [site] = await t.database.db.select().from(sites).where(eq(sites.slug, SLUG));
    const hostile = 'Ember</script><script>alert(1)</script><!--';
    await t.database.db.update(brands).set({ name: hostile }).where(eq(brands.id, site.brandId));
    const html = (await get(`/restaurant/${SLUG}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    const state = new RegExp(`<script type="application/json" id="${SERVER_STATE_ID}">([^<]*)</script>`).exec(html);
    expect(state, 'one state block with no < inside').not.toBeNull();
    expect(JSON.stringify(JSON.parse(state![1]))).toContain(hostile.replace(/"/g, '\\"'));
    expect(rootOf(html)).toContain('Ember&lt;/script&gt;&lt;script&gt;alert(1)');
  });
});

describe('what a person does before the scripts run is kept (docs/decisions/0237-early-input-kept.md)', () => {
  it("the home search is a GET form of / that keeps the search's chips, and the server answers its submit with the results", async () => {
    const root = rootOf((await get('/?location=London&filters=open&sort=rating')).body);
    const form = /<form role="search"[^>]*>/.exec(root)![0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/"');
    expect(root).toContain('<input type="hidden" name="filters" value="open"/>');
    expect(root).toContain('<input type="hidden" name="sort" value="rating"/>');
    // What the browser sends for a search typed and submitted before hydration.
    const results = rootOf((await get('/?filters=open&location=Birmingham&q=&cuisine=all')).body);
    expect(results).toMatch(/Halal restaurants in (<!-- -->)?Birmingham/);
  });

  it('each menu row marks its stepper for the boot script: −1, +1 and Add (0) when the dish has no options', async () => {
    const root = rootOf((await get(`/restaurant/${SLUG}`)).body);
    const rows = [...root.matchAll(/data-early-stepper=""[\s\S]*?<\/li>/g)].map((m) => m[0]);
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      expect(row).toContain('data-early-step="-1"');
      expect(row).toContain('data-early-step="1"');
      expect(row).toContain('<output');
      if (row.includes(', choosing options"')) expect(row).not.toContain('data-early-step="0"');
      else expect(row).toContain('data-early-step="0"');
    }
  });
});

describe('other pages stay client-rendered', () => {
  it.each(['/partner/login', '/partner/dashboard', '/admin/login', '/driver/jobs', '/cart', '/no-such-page'])(
    '%s is the plain shell',
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain(SERVER_STATE_ID);
      // As the build wrote it: scripts and stylesheet in the head, no inline script.
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(res.body).not.toContain(BOOT_ID);
      expect(String(res.headers['content-security-policy'])).not.toContain('sha256');
    },
  );

  it('an unknown restaurant is the plain shell (the browser shows its not-found page)', async () => {
    const res = await get('/restaurant/no-such-branch');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain(SERVER_STATE_ID);
  });

  it('API routes are unchanged', async () => {
    const res = await get('/api/no-such-route');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
});
