import type { CrossFilterRule } from '../shared/crossFilterTarget.ts';
import { columnsOf } from '../shared/query.ts';
import { formDataOfQuery } from '../timeseries/formData.ts';

/** The clicked series' dimensions of its own query; series ids carry the query as `A:` / `B:`. */
export const crossFilterTarget: CrossFilterRule = (formData) => {
  const queries = (['A', 'B'] as const).map((query) => ({
    prefix: `${query}:`,
    columns: columnsOf(formDataOfQuery(formData, query), 'groupby'),
  }));
  return queries.some((query) => query.columns.length > 0) ? { kind: 'series', queries } : null;
};
