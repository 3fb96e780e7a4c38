import type { DashboardChartDto } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { withCurrentFormData } from './api.ts';

const chart = (formData: Record<string, unknown>) => ({ id: 7, form_data: formData }) as DashboardChartDto;

describe('withCurrentFormData', () => {
  it('migrates a saved chart once as the dashboard loads it', () => {
    const loaded = withCurrentFormData(
      chart({ datasource: '1__table', viz_type: 'pivot_table', groupby: ['region'], metrics: ['count'] }),
    );
    expect(loaded.form_data.viz_type).toBe('pivot_table_v2');
    expect(loaded.form_data.groupbyRows).toEqual(['region']);
  });

  it('keeps form data of a type no plugin knows as it is', () => {
    const unknown = chart({ datasource: '1__table', viz_type: 'deck_arc' });
    expect(withCurrentFormData(unknown)).toBe(unknown);
  });
});
