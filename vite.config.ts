import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

/** One chunk per audience: a customer's first page never downloads partner, driver or admin code. */
const AUDIENCES = ['customer', 'partner', 'driver', 'admin'] as const;

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
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
            ...AUDIENCES.map((name) => ({ name, test: new RegExp(`[\\\\/]src[\\\\/]web[\\\\/]${name}[\\\\/]`) })),
            // Shared primitives, helpers and icons: one small chunk rather than dozens of tiny ones.
            { name: 'shared', test: /[\\/]src[\\/](web[\\/](ui|lib)|domain)[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]/ },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/ },
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
