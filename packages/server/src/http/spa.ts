import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { access } from './access.ts';
import { registerPublicPlugin } from './publicPlugin.ts';
import type { App } from './types.ts';

/** Paths the server answers itself; any other GET is a client route of the web app. */
const SERVER_PREFIXES = ['/api/', '/health', '/swagger', '/logout'];

function isServerPath(url: string): boolean {
  return SERVER_PREFIXES.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
}

export interface WebApp {
  /** Answers with the app's page, for client routes the server also handles (GET /login/). */
  sendPage(reply: FastifyReply): Promise<unknown>;
}

/**
 * Serves the built web app with an SPA fallback: client routes such as /sqllab/ get index.html,
 * unknown /api/ paths a JSON 404.
 */
export async function registerWebApp(app: App, distDir: string | null): Promise<WebApp> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  const hasBundle = indexFile !== null && fs.existsSync(indexFile);
  if (hasBundle && distDir) {
    await registerPublicPlugin(app, fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      index: false,
      // Hashed asset names never change content; anything else is revalidated.
      setHeaders: (reply: FastifyReply, filePath: string) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  const sendPage = async (reply: FastifyReply): Promise<unknown> => {
    if (!indexFile || !hasBundle) return reply.code(404).send({ message: 'Not found' });
    // Read per request: the file is small and a rebuilt bundle is picked up without a restart.
    const html = await fs.promises.readFile(indexFile);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };

  // The static plugin would answer the bare root as a directory; it is the app's home page.
  app.get('/', { config: { access: access.public() }, schema: { hide: true } }, (_request, reply) =>
    sendPage(reply),
  );

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isServerPath(url)) {
      return reply.code(404).send({ message: 'Not found' });
    }
    return sendPage(reply);
  });
  return { sendPage };
}
