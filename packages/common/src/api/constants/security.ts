/** The interface languages: a runtime value the web uses, apart from the contract's schemas. */
export type LanguageCode = 'en' | 'ru';
export const LANGUAGES: readonly LanguageCode[] = ['en', 'ru'];
