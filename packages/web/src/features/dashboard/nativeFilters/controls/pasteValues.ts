import type { FilterOption, FilterOptionValue } from '@vitrina/common/filters/definition';
import { splitPastedValues } from '@vitrina/common/filters/pasteValues';

/**
 * The values pasted text names: an option whose text matches takes its own value (numbers stay
 * numbers); text matching no option is kept as typed only when the list is searched on the server,
 * where the loaded options are not all there are.
 */
export function pastedValues(
  text: string,
  options: readonly FilterOption[],
  keepUnknown: boolean,
): FilterOptionValue[] {
  const byText = new Map(options.map((option) => [String(option.value), option.value]));
  const values: FilterOptionValue[] = [];
  for (const part of splitPastedValues(text)) {
    const value = byText.has(part) ? (byText.get(part) as FilterOptionValue) : keepUnknown ? part : undefined;
    if (value !== undefined && !values.includes(value)) values.push(value);
  }
  return values;
}
