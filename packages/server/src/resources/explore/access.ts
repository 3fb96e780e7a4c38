import type { Kysely } from 'kysely';
import { DATASOURCE_ACCESS_MESSAGE } from '../../flows/chartData/errors.ts';
import { ForbiddenError, HttpError } from '../../http/errors.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';
import { canQueryDataset } from '../charts/access.ts';
import * as charts from '../charts/repo.ts';
import * as datasets from '../datasets/repo.ts';

/** Explore's access checks, as Superset's explore utilities make them (check_access). */

type Db = Kysely<MetastoreSchema>;

/**
 * Superset's DatasetAccessDeniedError from explore: which datasource it is about (the id the caller sent),
 * with a message that does not name it.
 */
export class ExploreDatasetAccessError extends HttpError {
  constructor(dataset: datasets.DatasetRow) {
    super(403, { message: DATASOURCE_ACCESS_MESSAGE });
    (this as { body: unknown }).body = {
      message: DATASOURCE_ACCESS_MESSAGE,
      datasource_id: dataset.id,
      datasource_type: 'table',
    };
  }
}

/** A chart is opened by its owners and by anyone who may read charts. */
export async function checkChartAccess(db: Db, principal: Principal, chartId: number): Promise<void> {
  if (hasPermission(principal, 'can_read', 'Chart') || (await charts.isOwner(db, chartId, principal.id)))
    return;
  throw new ForbiddenError("You don't have access to this chart.");
}

/** The dataset when it exists and the caller may query it; undefined when it does not exist. */
export async function accessibleDatasetOrMissing(
  db: Db,
  principal: Principal,
  datasetId: number,
  toError: (dataset: datasets.DatasetRow) => HttpError,
): Promise<datasets.DatasetRow | undefined> {
  const dataset = await datasets.findDatasetRow(db, datasetId);
  if (!dataset) return undefined;
  if (!(await canQueryDataset(db, principal, dataset.id))) throw toError(dataset);
  return dataset;
}

/** `"3__table"` → its id and type; null when the text is not such a key. */
export function parseDatasourceKey(key: unknown): { id: number; type: string } | null {
  if (typeof key !== 'string') return null;
  const match = /^(\d+)__([a-z_]+)$/.exec(key.trim());
  return match ? { id: Number(match[1]), type: match[2]! } : null;
}
