/** Pie form data: Superset's legacy pie wrote the label contents as `pie_label_type`. */
import { migrationChain, renameKeys } from '../echartsShared/migrate.ts';

export const migrate = migrationChain([(formData) => renameKeys(formData, { pie_label_type: 'label_type' })]);
