import type { LanguageCode } from '@vitrina/common';
import { isLanguageCode } from '@vitrina/common/i18n/languages';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadLanguagePack } from './languagePacks.ts';
import { initialLanguage } from './languagePreference.ts';

/** An i18next instance as the app configures it, with the catalogues given (tests pass both). */
export function createI18n(language: LanguageCode, resources: Partial<Record<LanguageCode, object>>): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: Object.fromEntries(
      Object.entries(resources).map(([code, catalogue]) => [code, { translation: catalogue }]),
    ),
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'ru'],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/**
 * The app's one i18n instance; <html lang> follows it. It starts without texts: main.tsx renders once
 * `prepareLanguage` has loaded the first language's pack.
 */
export const i18n = createI18n(initialLanguage(), {});

function followHtmlLang(language: string) {
  document.documentElement.lang = language;
}
followHtmlLang(i18n.language);
i18n.on('languageChanged', followHtmlLang);

/** Loads a language's pack (once) and gives its texts to `instance` if it has none. */
export async function prepareLanguage(instance: I18n, language: LanguageCode): Promise<void> {
  const pack = await loadLanguagePack(language);
  if (!instance.hasResourceBundle(language, 'translation')) {
    instance.addResourceBundle(language, 'translation', pack.catalogue);
  }
}

/** Shows the UI in `language`, its texts loaded first so nothing renders as bare keys. */
export async function switchLanguage(instance: I18n, language: LanguageCode): Promise<void> {
  await prepareLanguage(instance, language);
  if (instance.language !== language) await instance.changeLanguage(language);
}

export function currentLanguage(): LanguageCode {
  return isLanguageCode(i18n.language) ? i18n.language : 'en';
}
