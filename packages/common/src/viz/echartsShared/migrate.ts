/**
 * The migration chain of a chart type's form data (DESIGN §3.10): step n upgrades form_data_version n to
 * n + 1. Form data saved by Superset carries no version and counts as 0; step 0 also takes the keys of
 * Superset's legacy chart of the same kind (the renames of Superset's own migrate_viz processors).
 */
import { FORM_DATA_VERSION, type FormData } from '../types.ts';

export type MigrationStep = (formData: FormData) => FormData;

export function migrationChain(steps: readonly MigrationStep[]): (formData: FormData) => FormData {
  if (steps.length !== FORM_DATA_VERSION)
    throw new Error(`A chart needs ${FORM_DATA_VERSION} migration steps, it has ${steps.length}`);
  return (formData) => {
    let current: FormData = { ...formData };
    const from = typeof current.form_data_version === 'number' ? current.form_data_version : 0;
    for (let version = Math.max(0, from); version < steps.length; version++) {
      current = { ...(steps[version] as MigrationStep)(current), form_data_version: version + 1 };
    }
    return current;
  };
}

/** Moves values to their new keys; an existing value under the new key wins and the old key goes. */
export function renameKeys(formData: FormData, renames: Record<string, string>): FormData {
  const next: FormData = { ...formData };
  for (const [from, to] of Object.entries(renames)) {
    if (!Object.hasOwn(next, from)) continue;
    if (next[to] === undefined) next[to] = next[from];
    delete next[from];
  }
  return next;
}

export function removeKeys(formData: FormData, keys: readonly string[]): FormData {
  const next: FormData = { ...formData };
  for (const key of keys) delete next[key];
  return next;
}
