import { getDialect } from '@vitrina/common/sql/dialects/index';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import { findDatabase } from '../../resources/databases/repo.ts';
import { columnsOf, findDatasetRow } from '../../resources/datasets/repo.ts';
import { canAccessDataset } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { engineOf } from './execute.ts';

/**
 * "View query in SQL Lab" (Superset's form post of a chart's `form_data` to `/sqllab/`): which dataset
 * the new tab opens on and with which SQL. The chart's own SQL when the form carries it; otherwise the
 * dataset's SQL (virtual) or its SELECT * (physical), as the dataset's `select_star` shows it.
 */

const SELECT_STAR_LIMIT = 100;
const DATASOURCE_KEY = /^(\d+)__table$/;

export interface RequestedQuery {
  datasourceKey: string;
  sql: string;
}

function parseFormData(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequestError({ form_data: ['Not a valid JSON object.'] });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BadRequestError({ form_data: ['Not a valid JSON object.'] });
  }
  return value as Record<string, unknown>;
}

/** The address SQL Lab opens for the request (the web app reads these two parameters). */
export function sqlLabAddress(request: RequestedQuery): string {
  const params = new URLSearchParams({ datasourceKey: request.datasourceKey, sql: request.sql });
  return `/sqllab/?${params.toString()}`;
}

export async function requestedQuery(
  ctx: AppContext,
  principal: Principal,
  formDataText: string,
): Promise<RequestedQuery> {
  const formData = parseFormData(formDataText);
  const key = formData.datasourceKey ?? formData.datasource;
  const match = typeof key === 'string' ? DATASOURCE_KEY.exec(key) : null;
  if (!match) throw new BadRequestError({ datasource: ['Expected a dataset key such as "12__table".'] });
  const datasetId = Number(match[1]);
  const db = ctx.metastore.db;
  const dataset = await findDatasetRow(db, datasetId);
  const database = dataset ? await findDatabase(db, dataset.database_id) : undefined;
  if (!dataset || !database) throw new NotFoundError('Dataset not found');
  if (!canAccessDataset(principal, dataset, database)) throw new ForbiddenError();
  const datasourceKey = `${datasetId}__table`;
  if (typeof formData.sql === 'string' && formData.sql.trim()) return { datasourceKey, sql: formData.sql };
  if (dataset.sql?.trim()) return { datasourceKey, sql: dataset.sql };
  const columns = await columnsOf(db, datasetId);
  const sql = getDialect(engineOf(database)).selectStar(
    { catalog: dataset.catalog, schema: dataset.schema, table: dataset.table_name },
    columns.filter((column) => !column.expression && column.is_active).map((column) => column.column_name),
    SELECT_STAR_LIMIT,
  );
  return { datasourceKey, sql };
}
