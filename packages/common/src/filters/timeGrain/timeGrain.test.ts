import { describe, expect, it } from 'vitest';
import { TIME_GRAINS } from '../../sql/timeGrains.ts';
import { nativeFilter } from '../testFilters.ts';
import { buildQuery } from './buildQuery.ts';
import { maskFromValue } from './mask.ts';
import { transformProps } from './transformProps.ts';

const filter = nativeFilter('g', 'filter_timegrain', { targets: [{ datasetId: 3 }] });

describe('time grain filter', () => {
  it("asks for the dataset engine's grains, or nothing without a dataset", () => {
    expect(buildQuery(filter)).toMatchObject({
      datasource: { id: 3, type: 'table' },
      result_type: 'timegrains',
    });
    expect(buildQuery(nativeFilter('g', 'filter_timegrain', { targets: [{}] }))).toBeNull();
  });

  it('offers the grains with translated names', () => {
    const queriesData = [
      {
        data: [
          { name: 'Day', function: "DATE_TRUNC('day', {col})", duration: 'P1D' },
          { name: 'Week starting Monday', function: '…', duration: '1969-12-29T00:00:00Z/P1W' },
          { name: 'Odd', function: '…', duration: 'P2D' },
        ],
        colnames: [],
        coltypes: [],
        rowcount: 3,
      },
    ];
    expect(transformProps(filter, { queriesData })).toEqual({
      kind: 'options',
      hasMore: false,
      options: [
        { value: 'P1D', label: 'Day', labelKey: 'controls.timeGrains.P1D' },
        {
          value: '1969-12-29T00:00:00Z/P1W',
          label: 'Week starting Monday',
          labelKey: 'controls.timeGrains.1969_12_29T00_00_00Z_P1W',
        },
      ],
    });
    const all = transformProps(filter, { queriesData: [] });
    expect(all.kind === 'options' && all.options.length).toBe(TIME_GRAINS.length);
  });

  it('sets the time grain of the charts in scope', () => {
    expect(maskFromValue(filter, ['P1M'])).toEqual({
      id: 'g',
      extraFormData: { time_grain_sqla: 'P1M' },
      filterState: { value: ['P1M'], label: 'Month' },
    });
    expect(maskFromValue(filter, 'P2D').extraFormData).toEqual({});
  });
});
