import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import { IdParams } from '@vitrina/common/api/shared';
import { DatabaseUploadResponse } from '@vitrina/common/api/upload';
import { databaseConnections } from '../../connections/connections.ts';
import { describeDatabase } from '../../connections/uris.ts';
import { access } from '../../http/access.ts';
import { BadRequestError, ForbiddenError, NotFoundError, UnprocessableError } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppContext, RouteModule } from '../../http/types.ts';
import { PRIVATE_FILE_MODE } from '../../platform/privateFiles.ts';
import { createStagingDir } from '../../platform/stagingDir.ts';
import { accessibleDatabaseIds } from '../../security/dataAccess.ts';
import { showDataset } from '../datasets/reads.ts';
import { syncDatasetForTable } from '../datasets/refresh.ts';
import { openSource } from '../datasets/source.ts';
import { findCsvShapeProblem } from './csvCheck.ts';
import { excelToCsv } from './excel.ts';
import { uploadLoader } from './loaders.ts';
import { parseUploadOptions } from './options.ts';
import { checkWorkbookArchive } from './workbookLimits.ts';

/**
 * `POST /api/v1/database/{id}/upload/` (Superset 4.1+): a CSV, Excel or Parquet file streamed to a
 * temporary file (never held in memory; larger than the limit → 413), loaded into the database
 * all-or-nothing, and the dataset over the table created or refreshed. Needs can_upload on Database and
 * a database that allows file upload.
 */

export const DEFAULT_UPLOAD_LIMIT_BYTES = 100 * 1024 * 1024;

const SCHEMA_NOT_ALLOWED = 'Database schema is not allowed for csv uploads.';

function allowedSchemas(extra: string): string[] {
  try {
    const parsed = JSON.parse(extra) as { schemas_allowed_for_file_upload?: unknown };
    const list = parsed.schemas_allowed_for_file_upload;
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

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
          const db = ctx.metastore.db;
          const database = await db
            .selectFrom('databases')
            .selectAll()
            .where('id', '=', request.params.id)
            .executeTakeFirst();
          const visible = database ? await accessibleDatabaseIds(db, principal) : null;
          if (!database || (visible !== null && !visible.includes(database.id))) {
            throw new NotFoundError('Database not found.');
          }
          if (database.allow_file_upload !== 1) throw new ForbiddenError(SCHEMA_NOT_ALLOWED);
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
            const options = parseUploadOptions(fields);
            const allowed = allowedSchemas(database.extra);
            if (allowed.length > 0 && !allowed.includes(options.schema ?? '')) {
              throw new ForbiddenError(SCHEMA_NOT_ALLOWED);
            }

            let file = uploaded;
            if (options.type === 'excel') {
              file = path.join(dir, 'converted.csv');
              await checkWorkbookArchive(uploaded, ctx.config);
              try {
                await excelToCsv(uploaded, file, options.sheetName ?? undefined);
              } catch (error) {
                throw new UnprocessableError(
                  `Not a readable Excel file: ${error instanceof Error ? error.message : String(error)}`,
                );
              }
              options.delimiter = ',';
            }
            if (options.type !== 'columnar') {
              const problem = await findCsvShapeProblem(file, {
                delimiter: options.delimiter,
                skipLines: options.skipRows + (options.headerRow ?? 0),
              });
              if (problem) {
                throw new UnprocessableError(
                  `Line ${problem.line}: expected ${problem.expected} fields, found ${problem.found}`,
                );
              }
            }
            // The load writes through the database's writable pool, never the read-only one of user queries.
            const source = {
              ...openSource(ctx, database),
              connection: databaseConnections(ctx).writer(database),
            };
            const engine = describeDatabase(database).engine;
            await uploadLoader(engine)({
              source,
              file,
              format: options.type === 'columnar' ? 'parquet' : 'csv',
              options,
            });
            const datasetId = await syncDatasetForTable(ctx, principal, database, {
              schema: options.schema,
              tableName: options.tableName,
            });
            const dataset = await db
              .selectFrom('datasets')
              .selectAll()
              .where('id', '=', datasetId)
              .executeTakeFirstOrThrow();
            const result = await showDataset(db, dataset);
            return reply.code(201).send({ message: 'OK', id: datasetId, result });
          } finally {
            fs.rmSync(dir, { recursive: true, force: true });
          }
        },
      );
    });
  };
}

export const uploadRoutes: RouteModule = uploadRoutesWith({ maxBytes: DEFAULT_UPLOAD_LIMIT_BYTES });
