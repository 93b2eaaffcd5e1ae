import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleReport } from './bundle-report.ts';
import { apiDocPlugin } from './src/pages/api-doc/build/plugin.ts';

export default defineConfig({
  plugins: [react(), apiDocPlugin(), bundleReport()],
  resolve: {
    alias: [
      // zod, set up for the site's CSP before any schema is made (src/shared/zod.ts).
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/shared/zod.ts', import.meta.url)),
      },
      // React's own useSyncExternalStore instead of the shim for React 17 (wouter imports it).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(
          new URL('./src/shared/use-sync-external-store.ts', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/prerender.ts reads it to preload each page's chunk.
    manifest: true,
    // No preload helper in the scripts: a prerendered page lists its page's chunks itself
    // (scripts/prerender.ts), and every browser the site supports preloads modules natively.
    modulePreload: false,
  },
  server: {
    port: 5173,
    // In development the cloud answers the API calls.
    proxy: { '/api/hainiao': 'http://localhost:8080', '/historylist.php': 'http://localhost:8080' },
  },
});
