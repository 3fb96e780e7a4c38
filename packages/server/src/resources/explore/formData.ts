import type { Kysely } from 'kysely';
import { migrateFormData } from '../../flows/chartData/chartRegistry.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { visibleChart } from '../charts/access.ts';
import { storedFormData } from '../charts/formData.ts';

type Db = Kysely<MetastoreSchema>;

/** Superset's update_time_range: the old since/until pair becomes one time_range. */
export function updateTimeRange(formData: Record<string, unknown>): Record<string, unknown> {
  if (!('since' in formData) && !('until' in formData)) return formData;
  const { since, until, ...rest } = formData;
  return { ...rest, time_range: `${since ?? ''} : ${until ?? ''}` };
}

/**
 * `GET /api/v1/form_data/?slice_id=` (Superset's legacy query_form_data): the chart's form data,
 * upgraded; `{}` for a chart that does not exist or that the caller may not see.
 */
export async function chartFormDataFor(
  db: Db,
  principal: Principal,
  sliceId: number | undefined,
): Promise<Record<string, unknown>> {
  if (sliceId === undefined || !Number.isSafeInteger(sliceId) || sliceId <= 0) return {};
  try {
    const chart = await visibleChart(db, principal, sliceId);
    return updateTimeRange(await migrateFormData(storedFormData(chart)));
  } catch (error) {
    if (error instanceof NotFoundError) return {};
    throw error;
  }
}
