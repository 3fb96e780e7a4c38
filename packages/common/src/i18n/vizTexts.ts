/**
 * The viz area's texts in both languages: what chart code draws inside a chart (viz/echartsShared/i18n.ts,
 * the time series' own words). Chart code runs on the server and in the browser, so it reads these files
 * rather than react-i18next, and only these, so the browser's chart code carries no other area.
 */
import type { LanguageCode } from '../api/security.ts';
import vizEn from './areas/viz.en.json' with { type: 'json' };
import vizRu from './areas/viz.ru.json' with { type: 'json' };

/** ru typed as en, as in the catalogues, so a text missing from ru fails the build. */
export const VIZ_TEXTS: Record<LanguageCode, typeof vizEn> = { en: vizEn, ru: vizRu };
