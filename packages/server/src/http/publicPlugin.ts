import type { FastifyPluginAsync, FastifyPluginCallback, FastifyPluginOptions } from 'fastify';
import { access } from './access.ts';
import type { App } from './types.ts';

/**
 * Registers a third-party plugin whose routes are public files (static assets, the API browser),
 * marking each of its routes public, since such plugins can't be told to declare access.
 */
export async function registerPublicPlugin<Options extends FastifyPluginOptions>(
  app: App,
  plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>,
  options: Options,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: access.public() };
    });
    await scope.register(plugin as FastifyPluginAsync<Options>, options);
  });
}
