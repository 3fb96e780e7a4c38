import type { LanguageCode } from '@vitrina/common';
import { appCatalogues as catalogues } from '@vitrina/common/i18n/appCatalogues';
import { isLanguageCode } from '@vitrina/common/i18n/index';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage } from './languagePreference.ts';

export function createI18n(language: LanguageCode): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: {
      en: { translation: catalogues.en },
      ru: { translation: catalogues.ru },
    },
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'ru'],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** The app's one i18n instance; <html lang> follows it. */
export const i18n = createI18n(initialLanguage());

function followHtmlLang(language: string) {
  document.documentElement.lang = language;
}
followHtmlLang(i18n.language);
i18n.on('languageChanged', followHtmlLang);

export function currentLanguage(): LanguageCode {
  return isLanguageCode(i18n.language) ? i18n.language : 'en';
}
