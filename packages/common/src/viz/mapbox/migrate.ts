/**
 * MapBox form data. Step 0: Superset's `point_radius` names a column or 'Auto' (its automatic size);
 * here it is a metric, so 'Auto' means none.
 */
import { migrationChain } from '../echartsShared/migrate.ts';

export const migrate = migrationChain([
  (formData) => {
    if (formData.point_radius !== 'Auto') return formData;
    const { point_radius: _auto, ...rest } = formData;
    return rest as typeof formData;
  },
]);
