import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { APP_PATHS } from './src/app/paths.ts';

/** dist/routes.json: the paths the local API answers with index.html (src/app/paths.ts). */
function routesFile(): Plugin {
  return {
    name: 'hainiao-manager-routes',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'routes.json',
        source: JSON.stringify(APP_PATHS),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), routesFile()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5174,
    // In development the local service answers the calls.
    proxy: {
      '/api/v1': 'http://127.0.0.1:8186',
      '/login': 'http://127.0.0.1:8186',
      '/members': 'http://127.0.0.1:8186',
      '/manager/': 'http://127.0.0.1:8186',
    },
  },
});
