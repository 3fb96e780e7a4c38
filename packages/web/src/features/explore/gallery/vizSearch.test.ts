import { catalogues } from '@vitrina/common/i18n/index';
import { describe, expect, it } from 'vitest';
import { type GalleryEntry, searchVizTypes, type Translate } from './vizSearch.ts';

const NAMES: Record<string, { en: string; ru: string }> = {
  'viz.types.echarts_timeseries_bar.name': { en: 'Bar Chart', ru: 'Столбчатая диаграмма' },
  'viz.types.pie.name': { en: 'Pie Chart', ru: 'Круговая диаграмма' },
  'viz.types.table.name': { en: 'Table', ru: 'Таблица' },
  'viz.types.big_number_total.name': { en: 'Big Number', ru: 'Большое число' },
};
const translate: Translate = (language, key) => NAMES[key]?.[language] ?? key;

function entry(
  vizType: GalleryEntry['vizType'],
  category: GalleryEntry['metadata']['category'],
  tags: string[],
) {
  return {
    vizType,
    metadata: {
      nameKey: `viz.types.${vizType}.name`,
      descriptionKey: `viz.types.${vizType}.description`,
      category,
      tags,
      icon: 'bar' as const,
      renderer: 'echarts' as const,
      behaviors: [],
      canBeAnnotationTypes: [],
    },
  };
}

const entries: GalleryEntry[] = [
  entry('table', 'table', ['tabular', 'popular']),
  entry('big_number_total', 'kpi', ['popular', 'kpi']),
  entry('echarts_timeseries_bar', 'evolution', ['bar', 'time', 'popular']),
  entry('pie', 'partOfWhole', ['circle', 'proportional']),
];
const types = (found: GalleryEntry[]) => found.map((item) => item.vizType);

describe('searchVizTypes', () => {
  it('lists a tab’s types in registry order without search text', () => {
    expect(types(searchVizTypes(entries, '', 'all', translate))).toEqual([
      'table',
      'big_number_total',
      'echarts_timeseries_bar',
      'pie',
    ]);
    expect(types(searchVizTypes(entries, '  ', 'kpi', translate))).toEqual(['big_number_total']);
  });

  it('finds a type by its English name and by its Russian name', () => {
    expect(types(searchVizTypes(entries, 'bar', 'all', translate))).toEqual(['echarts_timeseries_bar']);
    expect(types(searchVizTypes(entries, 'СТОЛБ', 'all', translate))).toEqual(['echarts_timeseries_bar']);
    expect(types(searchVizTypes(entries, 'круг', 'all', translate))).toEqual(['pie']);
  });

  it('puts name matches before tag matches and keeps to the chosen tab', () => {
    // "диаграмма" is in two names; "popular" only in tags.
    expect(types(searchVizTypes(entries, 'диаграмма', 'all', translate))).toEqual([
      'echarts_timeseries_bar',
      'pie',
    ]);
    expect(types(searchVizTypes(entries, 'chart', 'partOfWhole', translate))).toEqual(['pie']);
    expect(types(searchVizTypes(entries, 'popular', 'all', translate))).toEqual([
      'table',
      'big_number_total',
      'echarts_timeseries_bar',
    ]);
  });

  it('ranks a name that starts with the text above one that only contains it', () => {
    const found = searchVizTypes(entries, 'ta', 'all', translate);
    expect(types(found)[0]).toBe('table');
  });

  it('treats ё as е and finds nothing for unknown text', () => {
    const withYo: Translate = (language, key) =>
      key === 'viz.types.pie.name' && language === 'ru' ? 'Ёлочная диаграмма' : translate(language, key);
    expect(types(searchVizTypes(entries, 'елоч', 'all', withYo))).toEqual(['pie']);
    expect(searchVizTypes(entries, 'sankey', 'all', translate)).toEqual([]);
  });

  it('has gallery tab names in both catalogues', () => {
    for (const language of ['en', 'ru'] as const)
      expect(Object.keys(catalogues[language].explore.gallery.categories).sort()).toEqual([
        'all',
        'correlation',
        'distribution',
        'evolution',
        'flow',
        'kpi',
        'map',
        'partOfWhole',
        'ranking',
        'table',
      ]);
  });
});
