/** Sunburst form data. Step 0 takes Superset's legacy `sunburst` keys (its MigrateSunburst): groupby → columns. */
import { migrationChain, renameKeys } from '../echartsShared/migrate.ts';

export const migrate = migrationChain([(formData) => renameKeys(formData, { groupby: 'columns' })]);
