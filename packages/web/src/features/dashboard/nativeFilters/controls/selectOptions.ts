import type { FilterOption, FilterOptionValue } from '@vitrina/common/filters/definition';

/** The select-all entry's key; no data value is stored under it. */
export const SELECT_ALL_KEY = '__select_all__';

/** Option values as the select holds them (text keys), so null and numbers survive the round trip. */
export function keyOf(value: FilterOptionValue): string {
  return JSON.stringify(value);
}

export function valueOfKey(key: string): FilterOptionValue {
  return JSON.parse(key) as FilterOptionValue;
}

/** One entry of the select; `title` and `aria-label` name an entry whose value is an internal key. */
export interface SelectEntry {
  value: string;
  label: string;
  title?: string;
  'aria-label'?: string;
}

/**
 * The select's entries: the loaded options plus any chosen values not among them (a preselection the
 * first page lacks), and the select-all entry in multi-select mode when more than one option is there
 * and no search text is typed (spec §4 Select controls).
 */
export function selectEntries(
  options: readonly FilterOption[],
  chosen: readonly FilterOptionValue[],
  { multi, search, selectAllLabel }: { multi: boolean; search: string; selectAllLabel: string },
): SelectEntry[] {
  const entries: SelectEntry[] = options.map((option) => ({
    value: keyOf(option.value),
    label: option.label,
  }));
  const known = new Set(entries.map((entry) => entry.value));
  for (const value of chosen) {
    const key = keyOf(value);
    if (!known.has(key)) entries.push({ value: key, label: value === null ? '<NULL>' : String(value) });
  }
  if (offersSelectAll(options, multi, search)) {
    // Named by its label for assistive technology: antd's hidden listbox shows option values as text.
    const selectAll = {
      value: SELECT_ALL_KEY,
      label: selectAllLabel,
      title: selectAllLabel,
      'aria-label': selectAllLabel,
    };
    return [selectAll, ...entries];
  }
  return entries;
}

/** Whether the select-all entry shows: multi mode, more than one option, no search text typed. */
function offersSelectAll(options: readonly FilterOption[], multi: boolean, search: string): boolean {
  return multi && options.length > 1 && search.trim() === '';
}

/**
 * The keys the select holds: the chosen values, and the select-all entry while it shows and every
 * option is chosen (deselecting any option drops it).
 */
export function selectedKeys(
  options: readonly FilterOption[],
  chosen: readonly FilterOptionValue[],
  { multi, search }: { multi: boolean; search: string },
): string[] {
  const keys = chosen.map(keyOf);
  const held = new Set(keys);
  const all = options.every((option) => held.has(keyOf(option.value)));
  return offersSelectAll(options, multi, search) && all ? [SELECT_ALL_KEY, ...keys] : keys;
}

/**
 * The values a multi-select change stands for. Choosing select-all takes every option; deselecting
 * it (every option still chosen) clears the selection; deselecting an option only drops that one.
 */
export function valuesFromKeys(
  keys: readonly string[],
  options: readonly FilterOption[],
  previousKeys: readonly string[] = [],
): FilterOptionValue[] {
  const hadAll = previousKeys.includes(SELECT_ALL_KEY);
  const hasAll = keys.includes(SELECT_ALL_KEY);
  if (hasAll && !hadAll) return options.map((option) => option.value);
  const values = keys.filter((key) => key !== SELECT_ALL_KEY);
  if (hadAll && !hasAll && values.length === previousKeys.length - 1) return [];
  return values.map(valueOfKey);
}

/** Whether a scroll position is past the point where the next page loads (70 percent). */
export function pastLoadThreshold(target: {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}): boolean {
  return target.scrollTop + target.clientHeight >= target.scrollHeight * 0.7;
}
