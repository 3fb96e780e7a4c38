import type { ChartTypeMessages } from '../../types.ts';
import en from './i18n.en.json' with { type: 'json' };
import ru from './i18n.ru.json' with { type: 'json' };

export const messages: ChartTypeMessages = { namespace: 'fixtureDots', en, ru: ru satisfies typeof en };
