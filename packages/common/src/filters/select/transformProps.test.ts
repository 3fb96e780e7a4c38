import { describe, expect, it } from 'vitest';
import { nativeFilter } from '../testFilters.ts';
import { transformProps } from './transformProps.ts';

const result = (data: Array<Record<string, unknown>>, coltype = 1) => ({
  data,
  colnames: ['country'],
  coltypes: [coltype],
  rowcount: data.length,
});

describe('value filter transformProps', () => {
  it('turns rows into options in query order, each once, null as <NULL>', () => {
    const props = transformProps(nativeFilter('f', 'filter_select'), {
      queriesData: [result([{ country: 'FR' }, { country: 'DE' }, { country: 'FR' }, { country: null }])],
    });
    expect(props).toEqual({
      kind: 'options',
      coltype: 1,
      hasMore: false,
      options: [
        { value: 'FR', label: 'FR' },
        { value: 'DE', label: 'DE' },
        { value: null, label: '<NULL>', labelKey: 'nativeFilters.values.null' },
      ],
    });
  });

  it('shows temporal values as text and says when another page may follow', () => {
    const rows = Array.from({ length: 100 }, (_, index) => ({ country: Date.UTC(2024, 0, 1) + index }));
    const props = transformProps(
      nativeFilter('f', 'filter_select', { controlValues: { searchAllOptions: true } }),
      {
        queriesData: [result(rows, 2)],
      },
    );
    expect(props.kind === 'options' && props.options[0]).toEqual({
      value: Date.UTC(2024, 0, 1),
      label: '2024-01-01 00:00:00',
    });
    expect(props.kind === 'options' && props.hasMore).toBe(true);
  });
});
