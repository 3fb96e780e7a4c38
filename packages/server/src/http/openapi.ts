import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { access } from './access.ts';
import { registerPublicPlugin } from './publicPlugin.ts';
import type { App } from './types.ts';

/** The OpenAPI document is generated from the route schemas; nothing is written by hand. */
export async function registerOpenApi(app: App): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Vitrina API', version: 'v1', description: 'Superset-compatible REST API of Vitrina' },
      components: {
        securitySchemes: {
          jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          session: { type: 'apiKey', in: 'cookie', name: 'session' },
        },
      },
      security: [{ jwt: [] }, { session: [] }],
    },
  });
  app.get('/api/v1/_openapi', { config: { access: access.public() }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}

/** The browsable API at /swagger/v1; registered after every route so the document is complete. */
export async function registerApiBrowser(app: App): Promise<void> {
  await registerPublicPlugin(app, fastifySwaggerUi, {
    routePrefix: '/swagger/v1',
    uiConfig: { url: '/api/v1/_openapi', deepLinking: true },
    staticCSP: false,
  });
}
