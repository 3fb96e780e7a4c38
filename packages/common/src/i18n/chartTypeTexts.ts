/**
 * A language's area catalogue with every registered chart type's own texts under `viz.types.<namespace>`
 * and every filter type's under `nativeFilters.types.<filterType>`. Takes the catalogue rather than
 * importing it, so the web app can pass the one language it loaded.
 */
import type { LanguageCode } from '../api/security.ts';
import { FILTER_TYPES, filterTypes } from '../filters/registry.ts';
import type { ChartRegistry } from '../viz/chartRegistry.ts';
import { chartRegistry } from '../viz/registry.ts';
import type { Catalogue } from './catalogue.en.ts';

export function withChartTypeTexts<T extends string>(
  language: LanguageCode,
  base: Catalogue,
  registry: Pick<ChartRegistry<T>, 'messages'> = chartRegistry,
): Catalogue {
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
