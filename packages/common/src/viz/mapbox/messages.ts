import type { ChartTypeMessages } from '../types.ts';
import en from './i18n.en.json' with { type: 'json' };
import ru from './i18n.ru.json' with { type: 'json' };

/** This type's texts, under `viz.types.mapbox` of the catalogues; ru typed as en, so a missing text fails the build. */
export const messages: ChartTypeMessages = { namespace: 'mapbox', en, ru: ru satisfies typeof en };
