import { randomBytes } from 'node:crypto';
import type { DatabaseSession } from '../../drivers/driver.ts';
import { chunkRows, fileLineError, portableType, readUploadedFile } from '../../drivers/fileReader.ts';
import { getDriver } from '../../drivers/index.ts';
import { UnprocessableError } from '../../http/errors.ts';
import type { Source } from '../datasets/source.ts';
import { sourceError } from '../datasets/source.ts';
import type { UploadOptions } from './options.ts';

/**
 * How a file gets into a database, one loader per way a driver takes uploads (its `uploads`
 * capability). Every loader is all-or-nothing: a bad row fails the load and leaves no new table and
 * no appended rows behind.
 *
 * The file is read by the drivers' file reader (drivers/fileReader.ts), which may read the upload's
 * staging folder and nothing else. Every loader writes through the database's writable pool (the
 * connection in `source`), never the read-only one user queries run on. `chunks` databases get the
 * file's chunks appended to a temporary table and then CREATE TABLE … AS / CREATE OR REPLACE /
 * INSERT … BY NAME, all in one transaction; `rows` databases get its typed rows inserted in batches
 * with bound parameters into a scratch table, which then replaces, extends or becomes the target.
 */

export interface LoadRequest {
  /** The database with its writable pool as `connection`. */
  source: Source;
  /** A CSV (Excel files are converted first) or a Parquet file on local disk. */
  file: string;
  format: 'csv' | 'parquet';
  options: UploadOptions;
}

type Loader = (request: LoadRequest) => Promise<void>;

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A failure while the file is read: its line when the reader names one, else its message (422). */
function readError(error: unknown): unknown {
  return new UnprocessableError(
    fileLineError(error) ?? (error instanceof Error ? error.message : String(error)),
  );
}

/** A failure of a statement fed by the file: its line when the reader names one, else the database's. */
function fileError(error: unknown): unknown {
  const line = fileLineError(error);
  return line ? new UnprocessableError(line) : null;
}

async function tableExists(source: Source, schema: string | null, table: string): Promise<boolean> {
  try {
    return (await source.connection.tableMetadata(null, schema, table)) !== null;
  } catch (error) {
    throw sourceError(error);
  }
}

function alreadyExists(schema: string | null, table: string): UnprocessableError {
  const name = schema ? `${schema}.${table}` : table;
  return new UnprocessableError(
    `Table "${name}" already exists. Change the table name, or choose to replace or append to it.`,
  );
}

async function run(source: Source, statement: string): Promise<void> {
  try {
    await source.connection.execute(statement);
  } catch (error) {
    throw fileError(error) ?? sourceError(error);
  }
}

// ---- chunks: appended to a temporary table, one transaction ---------------------------------------

const chunksLoader: Loader = async (request) => {
  const { source, options } = request;
  const target = source.dialect.qualifiedTable({ schema: options.schema, table: options.tableName });
  const exists = await tableExists(source, options.schema, options.tableName);
  if (exists && options.alreadyExists === 'fail') throw alreadyExists(options.schema, options.tableName);
  const scratch = `vitrina_upload_${randomBytes(6).toString('hex')}`;
  const select = `SELECT * FROM temp.main.${q(scratch)}`;
  await readUploadedFile(request, readError, async ({ names, types, chunks }) => {
    await runOn(source, async (session) => {
      const append = session.appendChunks;
      if (!append) throw new Error('A chunk-appending writer session appends chunks');
      await session.execute('BEGIN TRANSACTION');
      await session.execute(
        `CREATE TEMP TABLE ${q(scratch)} (${names.map((n, i) => `${q(n)} ${types[i]}`).join(', ')})`,
      );
      await append({ catalog: 'temp', schema: 'main', table: scratch }, chunks);
      if (!exists) await session.execute(`CREATE TABLE ${target} AS ${select}`);
      else if (options.alreadyExists === 'replace')
        await session.execute(`CREATE OR REPLACE TABLE ${target} AS ${select}`);
      else await session.execute(`INSERT INTO ${target} BY NAME ${select}`);
      await session.execute(`DROP TABLE temp.main.${q(scratch)}`);
      // Anything thrown before this leaves the transaction open: the session's connection is then
      // closed, which rolls it back.
      await session.execute('COMMIT');
    });
  });
};

/** `work` on one connection of the source's writable pool; database failures as 422s. */
async function runOn(source: Source, work: (session: DatabaseSession) => Promise<void>): Promise<void> {
  try {
    await source.connection.session({}, work);
  } catch (error) {
    throw sourceError(error);
  }
}

// ---- rows: batches into a scratch table ----------------------------------------------------------

const bindable = (value: unknown): unknown =>
  typeof value === 'boolean'
    ? value
      ? 1
      : 0
    : value !== null && typeof value === 'object'
      ? JSON.stringify(value)
      : value;

const MAX_PARAMS_PER_STATEMENT = 10_000;

const rowsLoader: Loader = async (request) => {
  const { source, options } = request;
  const { dialect } = source;
  const exists = await tableExists(source, options.schema, options.tableName);
  if (exists && options.alreadyExists === 'fail') throw alreadyExists(options.schema, options.tableName);
  const ref = (table: string) => dialect.qualifiedTable({ schema: options.schema, table });
  const scratch = `vitrina_upload_${randomBytes(6).toString('hex')}`;
  let scratchCreated = false;
  await readUploadedFile(request, readError, async ({ names, types: readerTypes, chunks }) => {
    try {
      const types = readerTypes.map(portableType);
      const columnList = names.map(dialect.quoteIdentifier).join(', ');
      await run(
        source,
        `CREATE TABLE ${ref(scratch)} (${names.map((n, i) => `${dialect.quoteIdentifier(n)} ${types[i]}`).join(', ')})`,
      );
      scratchCreated = true;
      const rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMS_PER_STATEMENT / Math.max(1, names.length)));
      let pending: unknown[][] = [];
      const flush = async () => {
        if (pending.length === 0) return;
        let index = 0;
        const tuples = pending.map(
          (row) => `(${row.map(() => dialect.parameterPlaceholder(++index)).join(', ')})`,
        );
        const params = pending.flat().map(bindable);
        pending = [];
        try {
          await source.connection.execute(
            `INSERT INTO ${ref(scratch)} (${columnList}) VALUES ${tuples.join(', ')}`,
            {
              params,
            },
          );
        } catch (error) {
          throw sourceError(error);
        }
      };
      for await (const chunk of chunks) {
        for (const row of chunkRows(chunk)) {
          pending.push(row);
          if (pending.length >= rowsPerStatement) await flush();
        }
      }
      await flush();

      // The file is in: swap it in with as few steps as the engine's DDL allows.
      const target = ref(options.tableName);
      if (!exists) {
        await run(
          source,
          `ALTER TABLE ${ref(scratch)} RENAME TO ${dialect.quoteIdentifier(options.tableName)}`,
        );
      } else if (options.alreadyExists === 'append') {
        await run(source, `INSERT INTO ${target} (${columnList}) SELECT ${columnList} FROM ${ref(scratch)}`);
        await run(source, `DROP TABLE ${ref(scratch)}`);
      } else {
        const backup = `${scratch}_old`;
        await run(source, `ALTER TABLE ${target} RENAME TO ${dialect.quoteIdentifier(backup)}`);
        try {
          await run(
            source,
            `ALTER TABLE ${ref(scratch)} RENAME TO ${dialect.quoteIdentifier(options.tableName)}`,
          );
        } catch (error) {
          await run(
            source,
            `ALTER TABLE ${ref(backup)} RENAME TO ${dialect.quoteIdentifier(options.tableName)}`,
          );
          throw error;
        }
        await run(source, `DROP TABLE ${ref(backup)}`);
      }
      scratchCreated = false;
    } finally {
      if (scratchCreated)
        await source.connection.execute(`DROP TABLE IF EXISTS ${ref(scratch)}`).catch(() => undefined);
    }
  });
};

const unsupported: Loader = async () => {
  throw new UnprocessableError('Database type does not support file uploads.');
};

/** The loader of each way of taking uploads (an object, so a test can watch one). */
export const UPLOAD_LOADERS = { chunks: chunksLoader, rows: rowsLoader };

/** The loader for a database of `engine`, as its driver takes uploads. */
export function uploadLoader(engine: string): Loader {
  const uploads = getDriver(engine).uploads;
  return uploads ? UPLOAD_LOADERS[uploads] : unsupported;
}
