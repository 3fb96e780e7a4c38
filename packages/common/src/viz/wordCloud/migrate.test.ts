import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('word cloud migrate', () => {
  it('stamps unversioned form data and keeps its values', () => {
    const saved = {
      datasource: '1__table',
      viz_type: 'word_cloud' as const,
      series: 'name',
      rotation: 'flat',
    };
    expect(migrate(saved)).toEqual({ ...saved, form_data_version: FORM_DATA_VERSION });
  });
});
