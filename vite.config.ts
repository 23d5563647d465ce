import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { type Plugin, defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * One chunk per staff audience and chunks per customer page: a customer's page never downloads partner, driver or
 * admin code, nor another customer page's. The entry chunk holds the app shell and what it imports (the router,
 * the session check, the typed client, a button, a spinner; lazy chunks import these from it), `vendor` React and
 * the query cache; everything else arrives with the page that needs it or on demand
 * (docs/decisions/0176-honest-javascript-budget.md, docs/decisions/0179-own-router-for-the-javascript-budget.md).
 */
const AUDIENCES = ['customer', 'partner', 'driver', 'admin'] as const;

/** The customer pages a visitor lands on, whose JavaScript the budget counts (bench/js-budget.mjs). */
const LANDING = new Set(['home', 'london', 'city', 'restaurant']);

/**
 * The pages (lazily imported modules, src/web/app/router.tsx) and the entry whose loading brings each module: every
 * module statically reachable from a root. Computed once per build, from each root forward (a walk per root, not one
 * per module), the first time the chunking asks; icons are imported one module per icon
 * (docs/decisions/0225-icon-imports-and-build.md), so an icon's importers are the files that really show it.
 */
const moduleIds: string[] = [];
let rootsByModule: Map<string, Set<string>> | null = null;

function rootsOf(id: string, ctx: ChunkingContext): Set<string> {
  if (!rootsByModule) {
    const byModule = new Map<string, Set<string>>();
    const roots = moduleIds.filter((m) => {
      const info = ctx.getModuleInfo(m);
      return info !== null && (info.isEntry || info.dynamicImporters.length > 0);
    });
    for (const root of roots) {
      const queue = [root];
      const seen = new Set(queue);
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        let set = byModule.get(next);
        if (!set) byModule.set(next, (set = new Set()));
        set.add(root);
        for (const imported of ctx.getModuleInfo(next)?.importedIds ?? []) {
          if (!seen.has(imported)) {
            seen.add(imported);
            queue.push(imported);
          }
        }
      }
    }
    rootsByModule = byModule;
  }
  return rootsByModule.get(id) ?? new Set();
}

/** Records the build's module ids for rootsOf, and forgets the last build's mapping (watch mode). */
function moduleGraph(): Plugin {
  return {
    name: 'halalnosh-module-graph',
    apply: 'build',
    buildStart() {
      moduleIds.length = 0;
      rootsByModule = null;
    },
    buildEnd() {
      moduleIds.push(...this.getModuleIds());
    },
  };
}

/** `home` for src/web/customer/home-page.tsx, `layout` for customer-layout.tsx; null for another audience's page. */
function customerPage(id: string): string | null {
  const m = /[\\/]src[\\/]web[\\/]customer[\\/](.+?)(?:-page)?\.tsx?$/.exec(id);
  return m ? m[1].replace(/^customer-/, '') : null;
}

/**
 * The chunk of a customer page's module, of the UI kit, the web library, the domain and the icons
 * (docs/decisions/0176-honest-javascript-budget.md), by the pages that load it:
 * - what the entry loads: left to the entry's chunks (null);
 * - what the customer layout needs, so every customer page: `customer`;
 * - what two or more landing pages (home, London, city, restaurant) share, the restaurant page among them: `customer`
 *   too (every landing page loads it anyway: one request and one compression window fewer); without the restaurant
 *   page: `customer-search` (the search results and their cards);
 * - what one landing page needs: that page's chunk, `customer-home`, `customer-restaurant`, …;
 * - what only the other customer pages need: the page's own chunk when one page uses it, else `customer-more`;
 * - what no customer page uses (the staff pages' UI): `shared`.
 * A module imports only what is loaded by the same pages or more, so these chunks never import each other in a cycle:
 * page → customer-search → customer → the entry's chunks; `shared` may import customer chunks, never the reverse.
 */
function customerChunk(id: string, ctx: ChunkingContext): string | null {
  const roots = rootsOf(id, ctx);
  if ([...roots].some((r) => ctx.getModuleInfo(r)?.isEntry)) return null;
  const pages = new Set([...roots].map(customerPage).filter((p): p is string => p !== null));
  if (pages.size === 0) return 'shared';
  if (pages.has('layout')) return 'customer';
  const landing = [...pages].filter((p) => LANDING.has(p));
  // The search pages' results and cards stay off the restaurant page.
  if (landing.length > 1) return landing.includes('restaurant') ? 'customer' : 'customer-search';
  if (landing.length === 1) return `customer-${landing[0]}`;
  return pages.size === 1 ? `customer-${[...pages][0]}` : 'customer-more';
}

/**
 * Writes .vite/landing-chunks.json: for each landing page (LANDING), the chunks its route loads (the customer layout's
 * and the page's, with their static imports) besides the entry's. The server announces them as modulepreloads in
 * that page's HTML (src/server/plugins/web-app.ts), so they download alongside the entry instead of after it runs,
 * and no other page's code comes with them.
 */
function landingChunks(): Plugin {
  return {
    name: 'halalnosh-landing-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.filter((c) => c.isEntry);
      const withImports = (start: string[], into = new Set<string>()): Set<string> => {
        for (const file of start) {
          if (into.has(file)) continue;
          into.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') withImports(chunk.imports, into);
        }
        return into;
      };
      const loaded = withImports(entry.map((c) => c.fileName));
      const chunkOf = (page: string) =>
        chunks.find((c) => c.moduleIds.some((id) => customerPage(id) === page && /-(page|layout)\.tsx$/.test(id)));
      const pages: Record<string, string[]> = {};
      for (const page of LANDING) {
        const own = [chunkOf('layout'), chunkOf(page)].filter((c) => c !== undefined).map((c) => c.fileName);
        pages[page] = [...withImports(own)].filter((file) => !loaded.has(file));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/landing-chunks.json', source: JSON.stringify(pages, null, 2) });
    },
  };
}

/**
 * Writes a brotli (.br) and a gzip (.gz) twin of every text asset of the build, once, at maximum
 * compression: the server sends the one the browser accepts (@fastify/static preCompressed) without
 * compressing anything per request. zlib's asynchronous calls run on libuv's thread pool, so the files
 * compress in parallel, off the bundler's thread, instead of one after another.
 */
function precompress(): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  const walk = async (dir: string): Promise<string[]> =>
    (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  return {
    name: 'halalnosh-precompress',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir ?? path.join(root, 'dist');
      const files = (await walk(outDir)).filter((file) => TEXT.test(file));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
            }),
            gzipped(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig(() => ({
  root,
  plugins: [react(), tailwindcss(), moduleGraph(), landingChunks(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the audience's own files go to its chunk; what they share (react, ui/, lib/) is split as usual.
          includeDependenciesRecursively: false,
          groups: [
            // What the first page needs before it can paint: React and the query cache (the router is ours: lib/router.tsx).
            { name: 'vendor', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/ },
            // The toast library loads after first paint (lib/toast.ts).
            { name: 'toasts', test: /[\\/]node_modules[\\/]sonner[\\/]/ },
            // The validation library and what is built on it at run time (the API contracts, settings and pay rules,
            // and the leaf modules they build schemas on),
            // only for the pages that check data in the browser.
            {
              name: 'zod',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]domain[\\/](contracts[\\/]|settings\.ts$|pay\.ts$|cancelled-pickup-pay\.ts$|partner-cancel\.ts$)/,
            },
            // The built-in fallback data is fetched only when the server cannot be reached.
            { name: 'sample-data', test: /[\\/]src[\\/]domain[\\/]sample-data[\\/]/ },
            // Each staff audience's own files, its endpoint table among them (src/web/lib/endpoints-<audience>.generated.ts,
            // docs/decisions/0262-endpoint-table-split.md).
            ...AUDIENCES.filter((name) => name !== 'customer').map((name) => ({
              name,
              test: new RegExp(
                `[\\\\/]src[\\\\/]web[\\\\/](${name}[\\\\/]|lib[\\\\/]endpoints-${name}\\.generated\\.ts$)`,
              ),
            })),
            // The customer pages, the UI kit, the web library, the domain rules and the icons: each module goes to the
            // chunk of the pages that use it (customerChunk), so a page downloads what it shows and little else.
            {
              name: customerChunk,
              debugName: 'customer-pages',
              test: /[\\/]src[\\/](web[\\/](customer|ui|lib)|domain)[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // The API, better-auth and the Server-Sent Events stream: no timeouts, so /api/events stays open.
      '/api': { target: API_TARGET, changeOrigin: false, timeout: 0, proxyTimeout: 0 },
    },
  },
  preview: { port: 4173 },
}));
