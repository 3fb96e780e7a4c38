import type { CrossFilterRule } from '../../shared/crossFilterTarget.ts';
import { columnsOf } from '../../shared/query.ts';

/** A dot filters on its category: the first dimension. */
export const crossFilterTarget: CrossFilterRule = (formData) => {
  const [column] = columnsOf(formData, 'groupby');
  return typeof column === 'string' ? { kind: 'category', column } : null;
};
