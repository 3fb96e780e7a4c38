import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('sunburst migrate', () => {
  it("moves the legacy sunburst's groupby to columns", () => {
    expect(
      migrate({
        datasource: '1__table',
        viz_type: 'sunburst_v2',
        groupby: ['region', 'country'],
        metric: 'count',
      }),
    ).toEqual({
      datasource: '1__table',
      viz_type: 'sunburst_v2',
      columns: ['region', 'country'],
      metric: 'count',
      form_data_version: FORM_DATA_VERSION,
    });
  });
});
