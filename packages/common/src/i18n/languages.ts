/** The UI languages, apart from their catalogues (which the web app loads one at a time). */
import type { LanguageCode } from '../api/security.ts';

/** Each language's own name, as the language switch shows it. */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = { en: 'English', ru: 'Русский' };

export function isLanguageCode(value: unknown): value is LanguageCode {
  return value === 'en' || value === 'ru';
}
