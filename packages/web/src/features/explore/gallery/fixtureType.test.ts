import { catalogueWithChartTypes } from '@vitrina/common/i18n/appCatalogues';
import { createChartRegistry } from '@vitrina/common/viz/chartRegistry';
import { CHART_PLUGINS } from '@vitrina/common/viz/registry';
import { plugin as fixtureDots } from '@vitrina/common/viz/testing/fixtureDots/index';
import { describe, expect, it } from 'vitest';
import { VIZ_ICONS } from './vizIcons.tsx';
import { type GalleryEntry, searchVizTypes, type Translate } from './vizSearch.ts';

// A throwaway type registered with one line (common/viz/chartRegistry.test.ts proves the rest).
const registry = createChartRegistry({ ...CHART_PLUGINS, fixture_dots: fixtureDots });
// Its name is not in the app's VizType union: the gallery's entries say so once, here.
const entries = registry.vizTypes.map((vizType) => ({
  vizType,
  metadata: registry.plugins[vizType].metadata,
})) as GalleryEntry[];

const translate: Translate = (language, key) =>
  String(
    key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        catalogueWithChartTypes(language, registry),
      ) ?? key,
  );

describe('the gallery with a type added in one folder', () => {
  it('finds it by its name in either language, on its category tab', () => {
    const found = (text: string, tab: Parameters<typeof searchVizTypes>[2] = 'all') =>
      searchVizTypes(entries, text, tab, translate).map((entry) => entry.vizType as string);
    expect(found('список точек')).toEqual(['fixture_dots']);
    expect(found('dot list')).toEqual(['fixture_dots']);
    expect(found('', 'ranking')).toContain('fixture_dots');
  });

  it('draws the picture its metadata names', () => {
    expect(VIZ_ICONS[fixtureDots.metadata.icon]).toBeDefined();
  });
});
