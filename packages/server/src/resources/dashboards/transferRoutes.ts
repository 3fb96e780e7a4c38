import fastifyMultipart from '@fastify/multipart';
import { ListQuerystring } from '@vitrina/common/api/list';
import { MessageResponse, ZipFile } from '@vitrina/common/api/shared';
import { access } from '../../http/access.ts';
import { BadRequestError } from '../../http/errors.ts';
import { idsArgument } from '../../http/risonArguments.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppContext } from '../../http/types.ts';
import { rbacEnabled } from './access.ts';
import { exportDashboards } from './exportBundle.ts';
import { importDashboards } from './importBundle.ts';
import { readImportBundle } from './importReader.ts';

/**
 * Moving dashboards between installations: `GET /export/?q=!(ids)` (can_export on Dashboard) answers a
 * ZIP of YAML; `POST /import/` (can_write on Dashboard) takes one as the multipart field `formData`, with
 * `overwrite` to replace dashboards that exist.
 */

const IMPORT_LIMIT_BYTES = 20 * 1024 * 1024;
const TRUE_VALUES = ['true', '1', 'yes', 'y', 't'];

export async function dashboardTransferRoutes(app: App, ctx: AppContext): Promise<void> {
  const db = ctx.metastore.db;
  const tags = ['Dashboards'];

  app.get(
    '/api/v1/dashboard/export/',
    {
      config: { access: access.can('can_export', 'Dashboard') },
      schema: {
        tags,
        summary: 'Export dashboards with their charts as a ZIP of YAML files',
        querystring: ListQuerystring,
        produces: ['application/zip'],
        response: {
          200: ZipFile,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const ids = idsArgument(request.query.q);
      const file = await exportDashboards(db, request.principal!, ids, rbacEnabled(ctx));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename=${file.name}`)
        .send(file.body as never);
    },
  );

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_LIMIT_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
      throwFileSizeLimit: true,
    });
    (scope as unknown as App).post(
      '/api/v1/dashboard/import/',
      {
        config: { access: access.can('can_write', 'Dashboard') },
        schema: {
          tags,
          summary: 'Import dashboards and charts from an export ZIP (multipart: formData, overwrite)',
          consumes: ['multipart/form-data'],
          response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 422) },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new BadRequestError('Request is not multipart/form-data');
        let file: Buffer | null = null;
        let overwrite = false;
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'formData' && !file) file = await part.toBuffer();
            else part.file.resume();
          } else if (part.fieldname === 'overwrite') {
            overwrite = TRUE_VALUES.includes(String(part.value).toLowerCase());
          }
        }
        if (!file) throw new BadRequestError({ formData: ['Missing data for required field.'] });
        // The whole archive is read into memory, so the in-memory budget is its limit.
        const { maxEntries, maxRatio, maxInMemoryBytes } = ctx.config.zipLimits;
        const limits = { maxEntries, maxRatio, maxUnpackedBytes: maxInMemoryBytes };
        await importDashboards(db, request.principal!, await readImportBundle(file, limits), overwrite);
        return { message: 'OK' };
      },
    );
  });
}
