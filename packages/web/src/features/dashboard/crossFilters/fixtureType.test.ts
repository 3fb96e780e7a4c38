import type { FormData } from '@vitrina/common';
import { createChartRegistry } from '@vitrina/common/viz/chartRegistry';
import { CHART_PLUGINS } from '@vitrina/common/viz/registry';
import { plugin as fixtureDots } from '@vitrina/common/viz/testing/fixtureDots/index';
import { describe, expect, it } from 'vitest';
import { selectionFromClick } from './clickTarget.ts';

// A throwaway type registered with one line: its folder's rule gives the target, the generic reading
// of clicks does the rest.
const registry = createChartRegistry({ ...CHART_PLUGINS, fixture_dots: fixtureDots });
const formData = {
  datasource: '1__table',
  viz_type: 'fixture_dots',
  groupby: ['country'],
} as unknown as FormData;

describe('cross-filtering from a type added in one folder', () => {
  it('filters on the clicked dot’s category', () => {
    const target = registry.crossFilterTarget('fixture_dots', formData, null);
    if (!target) throw new Error('no target');
    const context = { queriesData: null, formData, datasource: null, locale: 'en' as const };
    expect(selectionFromClick(target, { componentType: 'series', name: 'FR' }, context)).toEqual([
      { column: 'country', value: 'FR' },
    ]);
  });
});
