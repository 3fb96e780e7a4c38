import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('pie migrate', () => {
  it('stamps unversioned form data with the current version', () => {
    expect(migrate({ datasource: '1__table', viz_type: 'pie', metric: 'count' })).toEqual({
      datasource: '1__table',
      viz_type: 'pie',
      metric: 'count',
      form_data_version: FORM_DATA_VERSION,
    });
  });

  it("renames the legacy pie's pie_label_type", () => {
    const migrated = migrate({ datasource: '1__table', viz_type: 'pie', pie_label_type: 'key_percent' });
    expect(migrated.label_type).toBe('key_percent');
    expect(migrated).not.toHaveProperty('pie_label_type');
  });

  it('leaves current form data alone', () => {
    const current = {
      datasource: '1__table',
      viz_type: 'pie' as const,
      pie_label_type: 'value',
      form_data_version: FORM_DATA_VERSION,
    };
    expect(migrate(current)).toEqual(current);
  });
});
