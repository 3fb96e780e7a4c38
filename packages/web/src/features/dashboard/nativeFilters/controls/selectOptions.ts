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

/**
 * The select's entries: the loaded options plus any chosen values not among them (a preselection the
 * first page lacks), and the select-all entry in multi-select mode when more than one option is there
 * and no search text is typed (spec §4 Select controls).
 */
export function selectEntries(
  options: readonly FilterOption[],
  chosen: readonly FilterOptionValue[],
  { multi, search, selectAllLabel }: { multi: boolean; search: string; selectAllLabel: string },
): Array<{ value: string; label: string }> {
  const entries = options.map((option) => ({ value: keyOf(option.value), label: option.label }));
  const known = new Set(entries.map((entry) => entry.value));
  for (const value of chosen) {
    const key = keyOf(value);
    if (!known.has(key)) entries.push({ value: key, label: value === null ? '<NULL>' : String(value) });
  }
  if (multi && options.length > 1 && search.trim() === '') {
    return [{ value: SELECT_ALL_KEY, label: selectAllLabel }, ...entries];
  }
  return entries;
}

/** The values a multi-select change stands for: choosing select-all takes every option. */
export function valuesFromKeys(
  keys: readonly string[],
  options: readonly FilterOption[],
): FilterOptionValue[] {
  if (keys.includes(SELECT_ALL_KEY)) return options.map((option) => option.value);
  return keys.map(valueOfKey);
}

/** Whether a scroll position is past the point where the next page loads (70 percent). */
export function pastLoadThreshold(target: {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}): boolean {
  return target.scrollTop + target.clientHeight >= target.scrollHeight * 0.7;
}
