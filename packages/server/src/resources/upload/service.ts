import path from 'node:path';
import type { Dataset } from '@vitrina/common';
import { databaseConnections } from '../../connections/connections.ts';
import { describeDatabase } from '../../connections/uris.ts';
import type { DatabaseConnection } from '../../drivers/driver.ts';
import { DatabaseError } from '../../drivers/errors.ts';
import { databaseErrorToHttp, ForbiddenError, NotFoundError, UnprocessableError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { DatabaseRow } from '../../platform/metastore/schema.ts';
import { accessibleDatabaseIds } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { findDatabase } from '../databases/repo.ts';
import { showDataset } from '../datasets/reads.ts';
import { syncDatasetForTable } from '../datasets/refresh.ts';
import { findDatasetRow } from '../datasets/repo.ts';
import { openSource } from '../datasets/source.ts';
import { findCsvShapeProblem } from './csvCheck.ts';
import { excelToCsv } from './excel.ts';
import { uploadLoader } from './loaders.ts';
import { parseUploadOptions } from './options.ts';
import { checkWorkbookArchive } from './workbookLimits.ts';

/** Loading an uploaded file into a database all-or-nothing, and the dataset over the table it makes. */

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

/** The database an upload goes into: one the caller may see (else 404) that allows uploads (else 403). */
export async function uploadTarget(ctx: AppContext, principal: Principal, id: number): Promise<DatabaseRow> {
  const db = ctx.metastore.db;
  const database = await findDatabase(db, id);
  const visible = database ? await accessibleDatabaseIds(db, principal) : null;
  if (!database || (visible !== null && !visible.includes(database.id))) {
    throw new NotFoundError('Database not found.');
  }
  if (database.allow_file_upload !== 1) throw new ForbiddenError(SCHEMA_NOT_ALLOWED);
  return database;
}

export interface UploadedFile {
  /** The file as received, in `dir`. */
  file: string;
  /** The form's other fields, as sent (UploadFormFields in common). */
  fields: Record<string, string>;
  /** A private staging folder the caller removes afterwards; conversions are written there. */
  dir: string;
}

/**
 * Checks the form and the file's shape, loads it through the database's writable pool (never the
 * read-only one of user queries), and creates or refreshes the dataset over the table.
 */
export async function loadUpload(
  ctx: AppContext,
  principal: Principal,
  database: DatabaseRow,
  upload: UploadedFile,
): Promise<{ id: number; result: Dataset }> {
  const options = parseUploadOptions(upload.fields);
  const allowed = allowedSchemas(database.extra);
  if (allowed.length > 0 && !allowed.includes(options.schema ?? '')) {
    throw new ForbiddenError(SCHEMA_NOT_ALLOWED);
  }

  let file = upload.file;
  if (options.type === 'excel') {
    file = path.join(upload.dir, 'converted.csv');
    await checkWorkbookArchive(upload.file, ctx.config);
    try {
      await excelToCsv(upload.file, file, options.sheetName ?? undefined);
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
  const source = { ...openSource(ctx, database), connection: uploadWriter(ctx, database) };
  await uploadLoader(describeDatabase(database).engine)({
    source,
    file,
    format: options.type === 'columnar' ? 'parquet' : 'csv',
    options,
  });
  const datasetId = await syncDatasetForTable(ctx, principal, database, {
    schema: options.schema,
    tableName: options.tableName,
  });
  const dataset = await findDatasetRow(ctx.metastore.db, datasetId);
  if (!dataset) throw new NotFoundError('Dataset not found.');
  return { id: datasetId, result: await showDataset(ctx.metastore.db, dataset) };
}

/** The database's writer; a driver that takes no writes here (a shared DuckDB file) says why, as a 422. */
function uploadWriter(ctx: AppContext, database: DatabaseRow): DatabaseConnection {
  try {
    return databaseConnections(ctx).writer(database);
  } catch (error) {
    if (error instanceof DatabaseError) throw databaseErrorToHttp(error);
    throw error;
  }
}
