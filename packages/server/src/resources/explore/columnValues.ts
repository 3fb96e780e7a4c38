import { DATASOURCE_TYPES } from '@vitrina/common';
import { findDatasetRow } from '../../flows/chartData/datasource.ts';
import { chartDataError } from '../../flows/chartData/errors.ts';
import { executeCompiled } from '../../flows/chartData/runCompiled.ts';
import { compile, prepareRun } from '../../flows/chartData/service.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { Principal } from '../../security/principal.ts';

/**
 * `GET /api/v1/datasource/{type}/{id}/column/{column_name}/values/` (Superset's DatasourceRestApi
 * get_column_values): the distinct values of one column, for filter value suggestions. The query goes
 * the chart data way — the dataset's access check, its row-level security and fetch_values_predicate,
 * compiled for its engine with values bound — and answers the first values in order.
 */

export const COLUMN_VALUES_LIMIT = 1000;

export async function columnValues(
  ctx: AppContext,
  principal: Principal,
  datasource: { type: string; id: number },
  columnName: string,
): Promise<unknown[]> {
  if (!(DATASOURCE_TYPES as readonly string[]).includes(datasource.type)) {
    throw new BadRequestError(`Invalid datasource type: ${datasource.type}`);
  }
  if (!(await findDatasetRow(ctx.metastore.db, datasource.id, datasource.type))) {
    throw new NotFoundError('Datasource does not exist');
  }
  const run = await prepareRun(ctx, principal, {
    datasource: { id: datasource.id, type: datasource.type },
    queries: [
      {
        columns: [columnName],
        metrics: [],
        orderby: [[columnName, true]],
        row_limit: COLUMN_VALUES_LIMIT,
        apply_fetch_values_predicate: true,
      },
    ],
    result_type: 'results',
  });
  if (!run.source.columns.some((column) => column.column_name === columnName)) {
    throw new BadRequestError(`Column name ${columnName} does not exist`);
  }
  try {
    const compiled = compile(run, run.context.queries[0]!, new Date());
    const result = await executeCompiled(run, compiled);
    return result.rows.map((row) => row[0] ?? null);
  } catch (error) {
    throw chartDataError(error, run.timeoutMs);
  }
}
