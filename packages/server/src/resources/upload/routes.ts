import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import { IdParams } from '@vitrina/common/api/shared';
import { DatabaseUploadResponse } from '@vitrina/common/api/upload';
import { access } from '../../http/access.ts';
import { BadRequestError } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppContext, RouteModule } from '../../http/types.ts';
import { PRIVATE_FILE_MODE } from '../../platform/privateFiles.ts';
import { createStagingDir } from '../../platform/stagingDir.ts';
import { loadUpload, uploadTarget } from './service.ts';

/**
 * `POST /api/v1/database/{id}/upload/` (Superset 4.1+): a CSV, Excel or Parquet file streamed to a
 * temporary file (never held in memory; larger than the limit → 413), loaded into the database
 * all-or-nothing, and the dataset over the table created or refreshed. Needs can_upload on Database and
 * a database that allows file upload.
 */

export const DEFAULT_UPLOAD_LIMIT_BYTES = 100 * 1024 * 1024;

export function uploadRoutesWith(settings: { maxBytes: number }): RouteModule {
  return async (app: App, ctx: AppContext) => {
    await app.register(async (scope) => {
      await scope.register(fastifyMultipart, {
        limits: { fileSize: settings.maxBytes, files: 1, fields: 40, fieldSize: 64 * 1024 },
        throwFileSizeLimit: true,
      });
      const typed = scope as unknown as App;
      typed.post(
        '/api/v1/database/:id/upload/',
        {
          config: { access: access.can('can_upload', 'Database') },
          schema: {
            tags: ['Databases'],
            consumes: ['multipart/form-data'],
            params: IdParams,
            response: { 201: DatabaseUploadResponse, ...errorResponses(400, 401, 403, 404, 422) },
          },
        },
        async (request, reply) => {
          const principal = request.principal!;
          const database = await uploadTarget(ctx, principal, request.params.id);
          if (!request.isMultipart()) throw new BadRequestError('Request is not multipart/form-data');

          const dir = createStagingDir();
          try {
            const fields: Record<string, string> = {};
            let uploaded: string | null = null;
            for await (const part of request.parts()) {
              if (part.type === 'file') {
                if (part.fieldname !== 'file' || uploaded) {
                  part.file.resume();
                  continue;
                }
                uploaded = path.join(dir, `upload-${randomBytes(4).toString('hex')}`);
                await pipeline(part.file, fs.createWriteStream(uploaded, { mode: PRIVATE_FILE_MODE }));
              } else {
                fields[part.fieldname] = String(part.value ?? '');
              }
            }
            if (!uploaded) throw new BadRequestError({ file: ['Missing data for required field.'] });
            const { id, result } = await loadUpload(ctx, principal, database, {
              file: uploaded,
              fields,
              dir,
            });
            return reply.code(201).send({ message: 'OK', id, result });
          } finally {
            fs.rmSync(dir, { recursive: true, force: true });
          }
        },
      );
    });
  };
}

export const uploadRoutes: RouteModule = uploadRoutesWith({ maxBytes: DEFAULT_UPLOAD_LIMIT_BYTES });
