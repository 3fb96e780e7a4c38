/**
 * A title users wrote, in the UI's language: the Russian variant when the UI is Russian and the variant
 * is not empty, else the English one (DESIGN §3.8).
 */
export function localizedName(
  en: string | null | undefined,
  ru: string | null | undefined,
  language: string,
): string {
  if (language.toLowerCase().startsWith('ru') && ru && ru.trim() !== '') return ru;
  return en ?? '';
}
