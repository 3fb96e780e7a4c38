import { Type } from 'typebox';
import { access } from '../../http/access.ts';
import type { RouteModule } from '../../http/types.ts';

/** `GET /health`: 200 once the metadata store answers, 503 while it doesn't (for load balancers). */
export const healthRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/health',
    {
      config: { access: access.public() },
      schema: {
        tags: ['Health'],
        response: {
          200: Type.Object({ status: Type.Literal('OK') }),
          503: Type.Object({ status: Type.String() }),
        },
      },
    },
    async (_request, reply) => {
      if (await ctx.metastore.ping()) return { status: 'OK' as const };
      return reply.code(503).send({ status: 'metadata store unreachable' });
    },
  );
};
