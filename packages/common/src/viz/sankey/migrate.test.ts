import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('sankey migrate', () => {
  it("takes the legacy sankey's two group-by columns as source and target", () => {
    expect(
      migrate({ datasource: '1__table', viz_type: 'sankey_v2', groupby: ['from', 'to'], metric: 'count' }),
    ).toEqual({
      datasource: '1__table',
      viz_type: 'sankey_v2',
      source: 'from',
      target: 'to',
      metric: 'count',
      form_data_version: FORM_DATA_VERSION,
    });
  });

  it('keeps source and target that are already there', () => {
    const saved = { datasource: '1__table', viz_type: 'sankey_v2' as const, source: 'a', target: 'b' };
    expect(migrate(saved)).toEqual({ ...saved, form_data_version: FORM_DATA_VERSION });
  });
});
