import fs from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import { buildDuckDbFileAtomically, withDuckDb } from './duckdbFile.ts';
import { createSalesTable } from './salesTable.ts';
import { createVegaTables, sqlString, VEGA_TABLES, vegaDataDir } from './vegaDatasets.ts';

/**
 * The example set: which tables the embedded DuckDB file holds, how it is built, and how a file on
 * disk is checked. Each table's comment ends with a version tag, so a file from an older example
 * set, or a damaged one, is recognised and rebuilt.
 */

/** The example data file's name in the data directory's files folder. */
export const EXAMPLES_FILE_NAME = 'examples.duckdb';

/**
 * The SQLAlchemy-style URI of the example file: `duckdb:///` followed by the absolute path, so an
 * absolute path gives four slashes (`duckdb:////var/lib/vitrina/examples.duckdb`), as in SQLAlchemy.
 */
export function examplesUriForFile(absolutePath: string): string {
  return `duckdb:///${absolutePath}`;
}

/** Bump when the tables or their contents change: installations then rebuild the file. */
export const EXAMPLES_VERSION = '1';

const SALES_DESCRIPTION =
  'Generated order lines, 2023-2025: region, country, city, product, channel, segment, quantity, ' +
  'price, discount, revenue, cost and profit (deterministic, not real data)';

export const EXAMPLE_TABLES: readonly { name: string; description: string }[] = [
  ...VEGA_TABLES.map(({ name, description }) => ({ name, description })),
  { name: 'sales', description: SALES_DESCRIPTION },
];

export function versionTag(version: string = EXAMPLES_VERSION): string {
  return `[vitrina examples v${version}]`;
}

/** Creates every example table on `con` and tags each with the version. */
export async function createExampleTables(
  con: DuckDBConnection,
  version: string = EXAMPLES_VERSION,
): Promise<void> {
  await createVegaTables(con, vegaDataDir());
  await createSalesTable(con);
  for (const table of EXAMPLE_TABLES) {
    await con.run(
      `COMMENT ON TABLE ${table.name} IS ${sqlString(`${table.description} ${versionTag(version)}`)}`,
    );
  }
}

/** Builds the examples file at `file`, atomically: a crash leaves no half-written file there. */
export async function buildExamplesFile(file: string): Promise<void> {
  await buildDuckDbFileAtomically(file, (con) => createExampleTables(con));
}

export type ExamplesFileState =
  | { state: 'ok' }
  /** Another process holds the file open for writing, so it is a working DuckDB file; leave it be. */
  | { state: 'in-use' }
  | { state: 'missing' }
  | { state: 'invalid'; reason: string };

/** Whether `file` is a complete examples file of `version`. */
export async function inspectExamplesFile(
  file: string,
  version: string = EXAMPLES_VERSION,
): Promise<ExamplesFileState> {
  if (!fs.existsSync(file)) return { state: 'missing' };
  try {
    return await withDuckDb(file, (con) => checkTables(con, version), { readOnly: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/could not set lock/i.test(message)) return { state: 'in-use' };
    return { state: 'invalid', reason: message };
  }
}

async function checkTables(con: DuckDBConnection, version: string): Promise<ExamplesFileState> {
  const reader = await con.runAndReadAll(
    "SELECT table_name, comment FROM duckdb_tables() WHERE schema_name = 'main' AND NOT temporary",
  );
  const comments = new Map(
    reader.getRowsJson().map(([name, comment]) => [String(name), String(comment ?? '')]),
  );
  for (const table of EXAMPLE_TABLES) {
    const comment = comments.get(table.name);
    if (comment === undefined) return { state: 'invalid', reason: `table ${table.name} is missing` };
    if (!comment.endsWith(versionTag(version))) {
      return { state: 'invalid', reason: `table ${table.name} is not from example set v${version}` };
    }
    // Reads the table's storage, so a damaged file fails here rather than later in a chart.
    const count = await con.runAndReadAll(`SELECT count(*) FROM ${table.name}`);
    if (Number(count.getRowsJson()[0]?.[0] ?? 0) === 0) {
      return { state: 'invalid', reason: `table ${table.name} is empty` };
    }
  }
  return { state: 'ok' };
}
