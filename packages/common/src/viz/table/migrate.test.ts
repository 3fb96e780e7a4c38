import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION, type FormData } from '../types.ts';
import { migrate } from './migrate.ts';

const saved = (extra: Partial<FormData>): FormData => ({
  datasource: '1__table',
  viz_type: 'table',
  ...extra,
});

describe('table migrate', () => {
  it('stamps the current version on form data saved without one', () => {
    const next = migrate(saved({ query_mode: 'aggregate', metrics: ['count'] }));
    expect(next.form_data_version).toBe(FORM_DATA_VERSION);
    expect(next.metrics).toEqual(['count']);
  });

  it('makes the query mode explicit as Superset infers it', () => {
    expect(migrate(saved({ all_columns: ['name'] })).query_mode).toBe('raw');
    expect(migrate(saved({ groupby: ['name'], all_columns: [] })).query_mode).toBe('aggregate');
    expect(migrate(saved({ query_mode: 'raw', all_columns: [] })).query_mode).toBe('raw');
  });

  it('turns the legacy include_time into a bucketed first dimension', () => {
    const next = migrate(
      saved({
        include_time: true,
        granularity_sqla: 'ds',
        groupby: ['country'],
        metrics: ['count'],
        time_grain_sqla: 'P1W',
      }),
    );
    expect(next.groupby).toEqual(['ds', 'country']);
    expect(next.temporal_columns_lookup).toEqual({ ds: true });
    expect(next).not.toHaveProperty('include_time');
    expect(next.granularity_sqla).toBe('ds');
  });

  it('leaves form data of the current version alone', () => {
    const current = saved({
      form_data_version: FORM_DATA_VERSION,
      include_time: true,
      granularity_sqla: 'ds',
    });
    expect(migrate(current)).toEqual(current);
  });
});
