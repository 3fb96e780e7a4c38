import { describe, expect, it } from 'vitest';
import { appCatalogues as catalogues } from '../../i18n/appCatalogues.ts';
import { plugin as mixed } from '../mixedTimeseries/index.ts';
import { plugin as area } from '../timeseriesArea/index.ts';
import { plugin as bar } from '../timeseriesBar/index.ts';
import { plugin as line } from '../timeseriesLine/index.ts';
import { plugin as scatter } from '../timeseriesScatter/index.ts';
import { plugin as smooth } from '../timeseriesSmooth/index.ts';
import { chartText } from './messages.ts';

const plugins = [line, bar, area, scatter, smooth, mixed];

function lookup(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

function keysOf(): string[] {
  const keys = new Set<string>([
    'viz.timeseries.validation.boundsOrder',
    'viz.timeseries.validation.invalidFormula',
    'viz.timeseries.validation.annotationSource',
  ]);
  for (const { metadata, controlPanel } of plugins) {
    keys.add(metadata.nameKey);
    keys.add(metadata.descriptionKey);
    for (const section of controlPanel.sections) {
      keys.add(section.labelKey);
      for (const control of section.controlRows.flat()) {
        keys.add(control.labelKey);
        if (control.descriptionKey) keys.add(control.descriptionKey);
        for (const choice of control.choices ?? []) if (choice.labelKey) keys.add(choice.labelKey);
      }
    }
  }
  return [...keys];
}

describe('texts of the time-series family', () => {
  it('every key the charts and their panels use exists in English and Russian', () => {
    const missing = keysOf().flatMap((key) =>
      (['en', 'ru'] as const)
        .filter((language) => typeof lookup(catalogues[language], key) !== 'string')
        .map((language) => `${language}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('the drawn chart speaks the chart language', () => {
    expect(chartText('en', 'total')).toBe('Total');
    expect(chartText('ru', 'total')).toBe('Итого');
    expect(chartText('ru', 'queryB')).toBe('Запрос B');
  });

  it('the registry names are the viz types', () => {
    expect(plugins.map((plugin) => plugin.vizType)).toEqual([
      'echarts_timeseries_line',
      'echarts_timeseries_bar',
      'echarts_area',
      'echarts_timeseries_scatter',
      'echarts_timeseries_smooth',
      'mixed_timeseries',
    ]);
  });
});
