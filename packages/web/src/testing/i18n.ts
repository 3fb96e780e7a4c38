import type { LanguageCode } from '@vitrina/common';
import { appCatalogues } from '@vitrina/common/i18n/appCatalogues';
import type { i18n as I18n } from 'i18next';
import { createI18n } from '../app/i18n/i18n.ts';

/** An i18n instance with both languages' texts, as the app has after loading them. */
export function testI18n(language: LanguageCode): I18n {
  return createI18n(language, appCatalogues);
}
