import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server-rendering bundle of the customer pages (`npm run build` runs it after the browser build):
 * src/web/ssr/entry-server.tsx and everything it imports (React, the router, the pages), into
 * dist-ssr/, which the server loads by path (docs/decisions/0177-server-rendered-customer-pages.md).
 * Self-contained (`noExternal`): the browser's libraries are dev dependencies, absent on a
 * production install. No CSS: the markup only names Tailwind's classes, the browser build ships them.
 */
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/web/ssr/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The router names every audience's pages: they stay in their own chunks, never loaded here.
      output: { entryFileNames: 'entry-server.js' },
      // page-data.ts imports the landing pages the router loads lazily: here they belong to the entry anyway.
      checks: { ineffectiveDynamicImport: false },
    },
  },
});
