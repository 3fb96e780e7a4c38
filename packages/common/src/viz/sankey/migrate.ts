/**
 * Sankey form data. Step 0 takes Superset's legacy `sankey` keys (its MigrateSankey): the first two
 * group-by columns are the source and the target.
 */
import { migrationChain, removeKeys } from '../echartsShared/migrate.ts';
import type { FormData } from '../types.ts';

function fromLegacySankey(formData: FormData): FormData {
  const groupby = formData.groupby;
  if (!Array.isArray(groupby) || formData.source !== undefined || formData.target !== undefined)
    return formData;
  const next = removeKeys(formData, ['groupby']);
  if (groupby.length > 1) {
    next.source = groupby[0];
    next.target = groupby[1];
  }
  return next;
}

export const migrate = migrationChain([fromLegacySankey]);
