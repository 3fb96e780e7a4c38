import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server the dev server forwards to (the default `npm start` address). */
const apiTarget = process.env.VITRINA_API_URL ?? 'http://127.0.0.1:8088';
const proxiedPaths = ['/api', '/login', '/logout', '/health', '/swagger'];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(
      proxiedPaths.map((path) => [
        path,
        {
          target: apiTarget,
          changeOrigin: false,
          // GET /login/ is the SPA's own page; only the form POST goes to the server.
          bypass: (req: { method?: string; url?: string }) =>
            path === '/login' && req.method === 'GET' ? req.url : undefined,
        },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
