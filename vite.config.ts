import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * One chunk per audience: a customer's first page never downloads partner, driver or admin code.
 * The entry loads only React, the router, the query cache and the app shell's own few helpers
 * ('core'); everything else arrives with the first page's audience chunk or on demand.
 */
const AUDIENCES = ['customer', 'partner', 'driver', 'admin'] as const;

/**
 * Writes a brotli (.br) and a gzip (.gz) twin of every text asset of the build, once, at maximum
 * compression: the server sends the one the browser accepts (@fastify/static preCompressed) without
 * compressing anything per request.
 */
function precompress(): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'halalnosh-precompress',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir ?? path.join(root, 'dist');
      for (const file of walk(outDir)) {
        if (!TEXT.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), precompress()],
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
            // What the first page needs before it can paint: React, the router and the query cache.
            { name: 'vendor', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
            // Exactly what the app shell (src/web/app) imports: the session check (through the typed client), a button, a spinner and their icons.
            {
              name: 'core',
              test: /[\\/]src[\\/](web[\\/](lib[\\/](api|call|endpoints\.generated|me|query-client|use-document-title|cn|toast)\.ts|ui[\\/](button|spinner)\.tsx)|domain[\\/](policies|roles|errors)\.ts)$|[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|context|defaultAttributes|shared[\\/].+|icons[\\/](loader-circle|refresh-cw))\.mjs$/,
            },
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
            // One chunk per audience; the cart context belongs to the customer pages.
            {
              name: 'customer',
              test: /[\\/]src[\\/]web[\\/](customer[\\/]|lib[\\/]cart\.tsx$)|[\\/]src[\\/]domain[\\/]cart\.ts$/,
            },
            ...AUDIENCES.filter((name) => name !== 'customer').map((name) => ({
              name,
              test: new RegExp(`[\\\\/]src[\\\\/]web[\\\\/]${name}[\\\\/]`),
            })),
            // Shared primitives, helpers, domain rules, contracts and icons, loaded with the first page's audience chunk:
            // one chunk rather than dozens of tiny ones.
            {
              name: 'shared',
              test: /[\\/]src[\\/](web[\\/](ui|lib)|domain)[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]/,
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
});
