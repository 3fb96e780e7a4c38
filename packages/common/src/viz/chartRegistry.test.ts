import { describe, expect, it } from 'vitest';
import { catalogueWithChartTypes } from '../i18n/appCatalogues.ts';
import { normalizeQueryContext } from '../query/normalize.ts';
import { CASES_NOW, salesDataset } from '../sql/compiler/__fixtures__/salesCases.ts';
import { compileQuery } from '../sql/compiler/compileQuery.ts';
import { dialects } from '../sql/dialects/index.ts';
import { validate } from '../validation/index.ts';
import { createChartRegistry } from './chartRegistry.ts';
import { CHART_PLUGINS, chartRegistry } from './registry.ts';
import { controlDefaults } from './shared/controls.ts';
import { FIXTURE_VIZ_TYPE, plugin as fixtureDots } from './testing/fixtureDots/index.ts';
import { FORM_DATA_VERSION, type FormData } from './types.ts';

// The one line a new chart type needs: its folder's plugin in the registry's Record.
const registry = createChartRegistry({ ...CHART_PLUGINS, fixture_dots: fixtureDots });

/** The fixture's name is not in the app's VizType union, so its form data says so once, here. */
const formDataOf = (values: Record<string, unknown>) =>
  ({ datasource: '1__table', viz_type: FIXTURE_VIZ_TYPE, ...values }) as unknown as FormData;

const lookup = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('a chart type added with one folder and one registry line', () => {
  it('is listed after the app’s types, with its gallery metadata', () => {
    expect(registry.vizTypes).toEqual([...chartRegistry.vizTypes, 'fixture_dots']);
    expect(registry.isVizType('fixture_dots')).toBe(true);
    const gallery = registry.vizTypes.map((vizType) => registry.plugins[vizType].metadata);
    expect(gallery.filter((metadata) => metadata.category === 'ranking').map((m) => m.nameKey)).toContain(
      'viz.types.fixtureDots.name',
    );
  });

  it('has its names and control texts in both languages, merged under viz.types', () => {
    for (const language of ['en', 'ru'] as const) {
      const catalogue = catalogueWithChartTypes(language, registry);
      for (const key of ['name', 'description', 'controls.dotSize'])
        expect(typeof lookup(catalogue, `viz.types.fixtureDots.${key}`), `${language} ${key}`).toBe('string');
      // The app's own types keep their texts and keys.
      expect(lookup(catalogue, 'viz.types.pie.name')).toBe(
        lookup(catalogueWithChartTypes(language), 'viz.types.pie.name'),
      );
    }
    expect(lookup(catalogueWithChartTypes('ru', registry), 'viz.types.fixtureDots.name')).toBe(
      'Список точек',
    );
  });

  it('offers its controls with their defaults and validators', () => {
    const { sections } = registry.plugins.fixture_dots.controlPanel;
    expect(controlDefaults(sections)).toMatchObject({ dot_size: 8 });
    const metric = sections.flatMap((section) => section.controlRows.flat()).find((c) => c.name === 'metric');
    expect(validate(undefined, formDataOf({}), metric?.validators)).toEqual([{ key: 'validation.nonEmpty' }]);
  });

  it('migrates saved form data of an older version, keeping its name', () => {
    const migrated = registry.migrateSavedFormData(formDataOf({ groupby: ['country'], size: 4 }));
    expect(migrated).toMatchObject({
      viz_type: 'fixture_dots',
      dot_size: 4,
      form_data_version: FORM_DATA_VERSION,
    });
    expect(migrated).not.toHaveProperty('size');
  });

  it('builds a query the chart data API accepts and the compiler turns into SQL', () => {
    const formData = formDataOf({ groupby: ['country'], metric: 'total_amount' });
    const context = normalizeQueryContext(registry.plugins.fixture_dots.buildQuery(formData));
    const [query] = context.queries;
    if (!query) throw new Error('no query');
    const { sql } = compileQuery(query, salesDataset('sales'), dialects.duckdb, { now: CASES_NOW });
    expect(sql).toContain('GROUP BY');
    expect(sql).toContain('"country"');
  });

  it('draws its result rows', () => {
    const render = registry.plugins.fixture_dots.transformProps({
      formData: formDataOf({ groupby: ['country'], metric: 'total_amount' }),
      queriesData: [
        {
          data: [
            { country: 'FR', total_amount: 3 },
            { country: 'DE', total_amount: 5 },
          ],
          colnames: ['country', 'total_amount'],
          coltypes: [1, 0],
          rowcount: 2,
        },
      ],
      width: 400,
      height: 300,
      datasource: { id: 1, type: 'table', columns: [], metrics: [], verboseMap: {} },
      locale: 'en',
    });
    expect(render).toMatchObject({
      renderer: 'echarts',
      option: { xAxis: { data: ['FR', 'DE'] }, series: [{ type: 'scatter', symbolSize: 8, data: [3, 5] }] },
    });
  });

  it('gives the example chart the server creates and the journeys draw', () => {
    const example = registry.examples().fixture_dots;
    expect(example.name).toEqual({ en: 'Revenue by region (dots)', ru: 'Выручка по регионам (точки)' });
    const formData = formDataOf({ adhoc_filters: [], ...example.params });
    expect(() => normalizeQueryContext(registry.plugins.fixture_dots.buildQuery(formData))).not.toThrow();
  });

  it('cross-filters, drills and feeds annotations as its metadata says', () => {
    const formData = formDataOf({ groupby: ['country'] });
    expect(registry.crossFilterTarget('fixture_dots', formData, null)).toEqual({
      kind: 'category',
      column: 'country',
    });
    expect(registry.hasBehavior('fixture_dots', 'interactiveChart')).toBe(true);
    expect(registry.hasBehavior('fixture_dots', 'drillToDetail')).toBe(true);
    expect(registry.annotationSourceTypes('EVENT')).toEqual(['table', 'fixture_dots']);
    expect(registry.annotationSourceTypes('TIME_SERIES')).not.toContain('fixture_dots');
  });
});

describe('createChartRegistry', () => {
  it('refuses a type registered under another name', () => {
    expect(() => createChartRegistry({ dots: fixtureDots } as never)).toThrow(/registered as dots/);
  });

  it('refuses a cross-filtering behaviour without a rule, and a rule without the behaviour', () => {
    const { crossFilterTarget: _rule, ...withoutRule } = fixtureDots;
    expect(() => createChartRegistry({ fixture_dots: withoutRule })).toThrow(/interactiveChart/);
    const quiet = { ...fixtureDots, metadata: { ...fixtureDots.metadata, behaviors: [] } };
    expect(() => createChartRegistry({ fixture_dots: quiet })).toThrow(/interactiveChart/);
  });

  it('refuses two types with one texts namespace', () => {
    const twin = { ...fixtureDots, vizType: 'twin' as const };
    expect(() => createChartRegistry({ fixture_dots: fixtureDots, twin } as never)).toThrow(/namespace/);
  });

  it("answers for the app's types by current and legacy names", () => {
    expect(chartRegistry.hasBehavior('pie', 'interactiveChart')).toBe(true);
    expect(chartRegistry.hasBehavior('sankey_v2', 'interactiveChart')).toBe(false);
    expect(chartRegistry.hasBehavior('deck_arc', 'drillToDetail')).toBe(false);
    expect(chartRegistry.crossFilterTarget('dist_bar', formDataOf({ groupby: ['region'] }), null)).toEqual({
      kind: 'series',
      queries: [{ prefix: '', columns: ['region'] }],
    });
  });

  it('has an example for every type of the app', () => {
    expect(Object.keys(chartRegistry.examples())).toEqual([...chartRegistry.vizTypes]);
  });
});
