/**
 * Upgrades saved big number with trendline form data. Step 0 (Superset's form data): the legacy time
 * column becomes the temporal x-axis (day grain unless one was chosen) and the legacy time range a
 * temporal filter on it, as Superset's generic-axes migration does; `subtitle` becomes the subheader.
 */
import { subtitleToSubheader } from '../bigNumberTotal/migrate.ts';
import { migrationChain } from '../echartsShared/migrate.ts';
import { NO_FILTER } from '../shared/query.ts';
import type { AdhocFilter, FormData } from '../types.ts';

function fromSuperset(formData: FormData): FormData {
  const next = subtitleToSubheader(formData);
  const timeColumn = next.granularity_sqla;
  if (typeof timeColumn === 'string' && timeColumn && (next.x_axis === undefined || next.x_axis === null)) {
    next.x_axis = timeColumn;
    if (!next.time_grain_sqla) next.time_grain_sqla = 'P1D';
    const range = typeof next.time_range === 'string' && next.time_range ? next.time_range : NO_FILTER;
    const filter: AdhocFilter = {
      expressionType: 'SIMPLE',
      clause: 'WHERE',
      subject: timeColumn,
      operator: 'TEMPORAL_RANGE',
      comparator: range,
    };
    next.adhoc_filters = [...(next.adhoc_filters ?? []), filter];
    delete next.granularity_sqla;
    delete next.time_range;
  }
  return next;
}

export const migrate = migrationChain([fromSuperset]);
