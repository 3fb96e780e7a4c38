import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { App } from './types.ts';

const CSP_HEADER = 'content-security-policy';

/** Where the MapBox chart's background pictures come from (Mapbox's Static Images API). */
export const MAPBOX_IMAGE_ORIGIN = 'https://api.mapbox.com';

/**
 * Security headers and the Content-Security-Policy. Everything the page loads comes from this origin:
 * scripts, styles, fonts and images (data: and blob: images are made by the page itself). Dashboard CSS
 * is written by users and is scoped in the browser (web dashboard/style/scopeCss.ts); these directives
 * are the second wall that keeps it from loading a style sheet, a font or an image from another site.
 * The one exception: with a Mapbox token (MAPBOX_API_KEY) images may also come from api.mapbox.com.
 */
export async function registerSecurityHeaders(app: App, options: { mapbox: boolean }): Promise<void> {
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd injects its CSS-in-JS styles at run time, and dashboard CSS is an inline style element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.mapbox ? [MAPBOX_IMAGE_ORIGIN] : [])],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'self'"],
        // Added per request below, only where the page was reached over TLS.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Same-origin requests keep their Origin header, which the login form's origin check relies on.
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  // On a plain-HTTP installation (a LAN address, no TLS) upgrade-insecure-requests makes the browser ask
  // for every script over https, which nothing answers: a blank page. It belongs only where the page came
  // over TLS, directly or through a proxy trusted by VITRINA_TRUST_PROXY (request.protocol reads its
  // X-Forwarded-Proto only then).
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol !== 'https') return;
    const policy = reply.raw.getHeader(CSP_HEADER);
    if (typeof policy === 'string') reply.raw.setHeader(CSP_HEADER, `${policy};upgrade-insecure-requests`);
  });
}

/** What every answer has that a bare Fastify answer lacks. */
const FASTIFY_OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sets with these options. @fastify/helmet builds helmet's middleware again on every
 * request (parsing the policy each time); the headers do not depend on the request, so they are taken
 * once from a throwaway instance with the plugin and set as they are.
 */
async function helmetHeaders(helmetOptions: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(fastifyHelmet, helmetOptions);
    probe.get('/', async () => '');
    const response = await probe.inject({ url: '/' });
    return Object.entries(response.headers)
      .filter(([name]) => !FASTIFY_OWN_HEADERS.has(name))
      .map(([name, value]) => [name, String(value)]);
  } finally {
    await probe.close();
  }
}
