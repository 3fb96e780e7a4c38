/**
 * The app's whole message catalogues: the product areas' (i18n/index.ts) with every registered chart
 * type's own texts under `viz.types.<namespace>`. The web app initialises i18next with these; chart code
 * itself reads its own texts from its folder (echartsShared/i18n.ts), so nothing here loads during the
 * registry's own loading.
 */
import type { LanguageCode } from '../api/security.ts';
import { catalogues as areaCatalogues, type Catalogue } from '../i18n/index.ts';
import type { ChartRegistry } from './chartRegistry.ts';
import { chartRegistry } from './registry.ts';

/** One language's catalogue with the registry's chart-type texts merged into `viz.types`. */
export function catalogueWithChartTypes<T extends string>(
  language: LanguageCode,
  registry: Pick<ChartRegistry<T>, 'messages'> = chartRegistry,
): Catalogue {
  const base = areaCatalogues[language];
  return {
    ...base,
    viz: { ...base.viz, types: { ...base.viz.types, ...registry.messages(language) } },
  };
}

export const appCatalogues: Record<LanguageCode, Catalogue> = {
  en: catalogueWithChartTypes('en'),
  ru: catalogueWithChartTypes('ru'),
};
