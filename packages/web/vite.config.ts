import { basename, dirname } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server the dev server forwards to (the default `npm start` address). */
const apiTarget = process.env.VITRINA_API_URL ?? 'http://127.0.0.1:8088';
const proxiedPaths = ['/api', '/login', '/logout', '/health', '/swagger', '/superset/log'];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(
      proxiedPaths.map((path) => [
        path,
        {
          target: apiTarget,
          changeOrigin: false,
          // GET /login/ is the SPA's own page; only the form POST goes to the server (and only the
          // event beacon's POST of /superset/log/).
          bypass: (req: { method?: string; url?: string }) =>
            (path === '/login' || path === '/superset/log') && req.method === 'GET' ? req.url : undefined,
        },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // ECharts' core with the series every chart type draws is the one large unit (about 800 kB minified).
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        // Every feature's routed pages enter through its screens.ts (or screens.<page>.ts): name those
        // chunks after the feature.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('screens') && chunk.facadeModuleId
            ? `assets/${basename(dirname(chunk.facadeModuleId))}${chunk.name.slice('screens'.length)}-[hash].js`
            : 'assets/[name]-[hash].js',
        // antd is not grouped: split by use, a page loads only the components it renders (a dashboard
        // viewer gets no forms, trees, tables or date pickers until a dialog that needs them opens).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
          ],
        },
      },
    },
  },
});
