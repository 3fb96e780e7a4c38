import { Type } from 'typebox';
import { access } from '../../http/access.ts';
import type { RouteModule } from '../../http/types.ts';
import { readiness } from './readiness.ts';

const CheckState = Type.Union([Type.Literal('ok'), Type.Literal('failed')]);
const ReadinessBody = Type.Object({
  status: Type.Union([Type.Literal('OK'), Type.Literal('unavailable')]),
  checks: Type.Object({
    metastore: Type.Optional(CheckState),
    redis: Type.Optional(CheckState),
    queue: Type.Optional(CheckState),
  }),
});

/**
 * Health for load balancers and orchestrators: `/health/live` says the process answers (restart it
 * when not), `/health/ready` that what it depends on answers (send it traffic only then). `/health`
 * is the older check of the metadata store alone, kept for existing probes.
 */
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

  app.get(
    '/health/live',
    {
      config: { access: access.public() },
      schema: { tags: ['Health'], response: { 200: Type.Object({ status: Type.Literal('OK') }) } },
    },
    async () => ({ status: 'OK' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: { access: access.public() },
      schema: { tags: ['Health'], response: { 200: ReadinessBody, 503: ReadinessBody } },
    },
    async (_request, reply) => {
      const { ready, checks } = await readiness(ctx);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'OK' : 'unavailable', checks });
    },
  );
};
