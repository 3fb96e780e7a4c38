/**
 * One language's texts, loaded when the UI first shows that language: the product's catalogue (with the
 * chart and filter types' texts merged in) and antd's own locale. A first visit downloads only the
 * language it shows; switching loads the other before the UI changes.
 */
import type { LanguageCode } from '@vitrina/common';
import type { Catalogue } from '@vitrina/common/i18n/catalogue.en';
import { withChartTypeTexts } from '@vitrina/common/i18n/chartTypeTexts';
import type { Locale } from 'antd/es/locale';

export interface LanguagePack {
  catalogue: Catalogue;
  antdLocale: Locale;
}

const loaders: Record<LanguageCode, () => Promise<[Catalogue, Locale]>> = {
  en: () =>
    Promise.all([
      import('@vitrina/common/i18n/catalogue.en').then((module) => module.en),
      import('antd/locale/en_US').then((module) => module.default),
    ]),
  ru: () =>
    Promise.all([
      import('@vitrina/common/i18n/catalogue.ru').then((module) => module.ru),
      import('antd/locale/ru_RU').then((module) => module.default),
    ]),
};

const packs = new Map<LanguageCode, Promise<LanguagePack>>();
const loaded = new Map<LanguageCode, LanguagePack>();

export function loadLanguagePack(language: LanguageCode): Promise<LanguagePack> {
  let pack = packs.get(language);
  if (!pack) {
    pack = loaders[language]().then(([base, antdLocale]) => {
      const ready = { catalogue: withChartTypeTexts(language, base), antdLocale };
      loaded.set(language, ready);
      return ready;
    });
    // A failed download (a dropped connection) may be tried again on the next switch.
    pack.catch(() => packs.delete(language));
    packs.set(language, pack);
  }
  return pack;
}

/** A pack already loaded, for rendering; undefined before loadLanguagePack has finished for it. */
export function loadedLanguagePack(language: LanguageCode): LanguagePack | undefined {
  return loaded.get(language);
}
