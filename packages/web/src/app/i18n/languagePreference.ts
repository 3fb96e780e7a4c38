import type { LanguageCode } from '@vitrina/common';
import { isLanguageCode } from '@vitrina/common/i18n/languages';

/** Before login the language comes from this key, then from the browser. */
export const LANGUAGE_STORAGE_KEY = 'vitrina_lang';

export function readStoredLanguage(): LanguageCode | undefined {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguageCode(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function storeLanguage(language: LanguageCode): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch (error) {
    // Storage can be disabled (private mode); the spec says such failures are only logged.
    console.warn('Could not store the language preference', error);
  }
}

export function browserLanguage(languages: readonly string[] = navigator.languages): LanguageCode {
  const russian = languages.find((tag) => tag.toLowerCase().startsWith('ru'));
  const english = languages.find((tag) => tag.toLowerCase().startsWith('en'));
  if (russian && (!english || languages.indexOf(russian) < languages.indexOf(english))) return 'ru';
  return 'en';
}

export function initialLanguage(): LanguageCode {
  return readStoredLanguage() ?? browserLanguage();
}
