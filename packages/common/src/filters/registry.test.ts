import { describe, expect, it } from 'vitest';
import { appCatalogues as catalogues } from '../i18n/appCatalogues.ts';
import { filterTypeTextKey } from './definition.ts';
import { FilterKeyError, INVALID_FILTER_KEY_MESSAGE } from './filterKey.ts';
import { RANGE_ORDER_KEY } from './range/mask.ts';
import { FILTER_TYPES, filterTypes, maskFromValue } from './registry.ts';
import { VALUE_REQUIRED_KEY } from './requiredValue.ts';
import { NULL_LABEL_KEY } from './select/transformProps.ts';
import { nativeFilter } from './testFilters.ts';

function text(language: 'en' | 'ru', key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogues[language]);
}

describe('filter type registry', () => {
  it('has one definition per filter type, under its own name', () => {
    expect(Object.keys(filterTypes).sort()).toEqual([...FILTER_TYPES].sort());
    for (const type of FILTER_TYPES) expect(filterTypes[type].filterType).toBe(type);
  });

  it.each(FILTER_TYPES)('has the texts of %s in both catalogues', (type) => {
    const definition = filterTypes[type];
    const keys = [filterTypeTextKey(type, 'name')];
    for (const control of definition.controlPanel.controls) {
      keys.push(control.labelKey);
      if (control.descriptionKey) keys.push(control.descriptionKey);
      for (const choice of control.choices ?? []) keys.push(choice.labelKey);
    }
    const missing = keys.filter(
      (key) => typeof text('en', key) !== 'string' || typeof text('ru', key) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  it('has the spec text for a bad filter key', () => {
    expect(text('en', new FilterKeyError('x').messageKey)).toBe(INVALID_FILTER_KEY_MESSAGE);
  });

  it('has the texts the masks and options carry', () => {
    for (const key of [VALUE_REQUIRED_KEY, RANGE_ORDER_KEY, NULL_LABEL_KEY]) {
      expect(typeof text('en', key)).toBe('string');
      expect(typeof text('ru', key)).toBe('string');
    }
  });

  it('dispatches maskFromValue by the filter type', () => {
    expect(maskFromValue(nativeFilter('g', 'filter_timegrain'), 'P1D').extraFormData).toEqual({
      time_grain_sqla: 'P1D',
    });
    expect(maskFromValue(nativeFilter('t', 'filter_time'), 'Last day').extraFormData).toEqual({
      time_range: 'Last day',
    });
  });

  it('says per type which columns a filter acts on and whether it is bound to its dataset', () => {
    const facts = FILTER_TYPES.map((type) => {
      const definition = filterTypes[type];
      return [type, definition.appliedColumns(nativeFilter('f', type)), definition.datasetBound];
    });
    expect(facts).toEqual([
      ['filter_select', ['country'], true],
      ['filter_range', ['country'], true],
      ['filter_time', ['__time_range'], false],
      ['filter_timecolumn', ['__time_col'], true],
      ['filter_timegrain', ['__time_grain'], false],
    ]);
  });

  it("checks a range's default value order through the range type", () => {
    expect(filterTypes.filter_range.defaultValueProblem?.([5, 1])).toBe(RANGE_ORDER_KEY);
    expect(filterTypes.filter_range.defaultValueProblem?.([1, 5])).toBeNull();
  });
});
