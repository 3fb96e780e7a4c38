/**
 * The app's whole message catalogues: the product areas' (i18n/index.ts) with every registered chart
 * type's own texts under `viz.types.<namespace>` and every filter type's under
 * `nativeFilters.types.<filterType>`, both languages at once (tests and checks; the web app loads one
 * language at a time, web app/i18n/languagePacks.ts). Chart code itself reads its own texts from its
 * folder (echartsShared/i18n.ts), so nothing here loads during the registry's own loading.
 */
import type { LanguageCode } from '../api/security.ts';
import type { ChartRegistry } from '../viz/chartRegistry.ts';
import { withChartTypeTexts } from './chartTypeTexts.ts';
import { catalogues as areaCatalogues, type Catalogue } from './index.ts';

/** One language's catalogue with the registries' chart-type and filter-type texts merged in. */
export function catalogueWithChartTypes<T extends string>(
  language: LanguageCode,
  registry?: Pick<ChartRegistry<T>, 'messages'>,
): Catalogue {
  return withChartTypeTexts(language, areaCatalogues[language], registry);
}

export const appCatalogues: Record<LanguageCode, Catalogue> = {
  en: catalogueWithChartTypes('en'),
  ru: catalogueWithChartTypes('ru'),
};
