import type { CrossFilterRule } from '../shared/crossFilterTarget.ts';
import { columnsOf } from '../shared/query.ts';

/** The pivot table's component reports the row and column dimension values of a clicked header or cell. */
export const crossFilterTarget: CrossFilterRule = (formData) => {
  const columns = [...columnsOf(formData, 'groupbyRows'), ...columnsOf(formData, 'groupbyColumns')];
  return columns.length > 0 ? { kind: 'dimensions', columns } : null;
};
