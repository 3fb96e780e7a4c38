/** The message catalogues shared by the server (errors, e-mails) and the web app. */
import type { LanguageCode } from '../api/security.ts';
import en from './en.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };

export type { LanguageCode };

export type Catalogue = typeof en;

/** Typing ru as the en shape makes a key missing from ru a compile error too. */
export const catalogues: Record<LanguageCode, Catalogue> = { en, ru };

/** Each language's own name, as the language switch shows it. */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = { en: 'English', ru: 'Русский' };

export function isLanguageCode(value: unknown): value is LanguageCode {
  return value === 'en' || value === 'ru';
}
