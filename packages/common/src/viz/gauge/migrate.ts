/** Gauge form data: no renames yet; unversioned form data (Superset's) is stamped with the version. */
import { migrationChain } from '../echartsShared/migrate.ts';

export const migrate = migrationChain([(formData) => formData]);
