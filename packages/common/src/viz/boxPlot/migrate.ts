/** Box plot form data. Step 0 takes the legacy box plot's `whisker_options` spelling. */
import { migrationChain, renameKeys } from '../echartsShared/migrate.ts';

export const migrate = migrationChain([
  (formData) => renameKeys(formData, { whisker_options: 'whiskerOptions' }),
]);
