import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('funnel migrate', () => {
  it('stamps unversioned form data and keeps its values', () => {
    const saved = {
      datasource: '1__table',
      viz_type: 'funnel' as const,
      groupby: ['stage'],
      metric: 'count',
    };
    expect(migrate(saved)).toEqual({ ...saved, form_data_version: FORM_DATA_VERSION });
  });
});
