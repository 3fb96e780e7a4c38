/**
 * The app's whole message catalogues: the product areas' (i18n/index.ts) with every registered chart
 * type's own texts under `viz.types.<namespace>` and every filter type's under
 * `nativeFilters.types.<filterType>`. The web app initialises i18next with these; chart code
 * itself reads its own texts from its folder (echartsShared/i18n.ts), so nothing here loads during the
 * registry's own loading.
 */
import type { LanguageCode } from '../api/security.ts';
import { FILTER_TYPES, filterTypes } from '../filters/registry.ts';
import type { ChartRegistry } from '../viz/chartRegistry.ts';
import { chartRegistry } from '../viz/registry.ts';
import { catalogues as areaCatalogues, type Catalogue } from './index.ts';

/** One language's catalogue with the registries' chart-type and filter-type texts merged in. */
export function catalogueWithChartTypes<T extends string>(
  language: LanguageCode,
  registry: Pick<ChartRegistry<T>, 'messages'> = chartRegistry,
): Catalogue {
  const base = areaCatalogues[language];
  return {
    ...base,
    viz: { ...base.viz, types: { ...base.viz.types, ...registry.messages(language) } },
    nativeFilters: {
      ...base.nativeFilters,
      types: {
        ...base.nativeFilters.types,
        ...Object.fromEntries(FILTER_TYPES.map((type) => [type, filterTypes[type].messages[language]])),
      },
    },
  };
}

export const appCatalogues: Record<LanguageCode, Catalogue> = {
  en: catalogueWithChartTypes('en'),
  ru: catalogueWithChartTypes('ru'),
};
