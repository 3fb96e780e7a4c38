import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('gauge migrate', () => {
  it('stamps unversioned form data and keeps its values', () => {
    const saved = { datasource: '1__table', viz_type: 'gauge_chart' as const, metric: 'count', min_val: 0 };
    expect(migrate(saved)).toEqual({ ...saved, form_data_version: FORM_DATA_VERSION });
  });
});
