import { migrationChain, renameKeys } from '../../echartsShared/migrate.ts';

/** Version 0 of the fixture called the dot size `size`. */
export const migrate = migrationChain([(formData) => renameKeys(formData, { size: 'dot_size' })]);
