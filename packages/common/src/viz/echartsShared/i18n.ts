/**
 * Texts drawn inside charts (totals, tooltip captions, errors) in the chart's language. transformProps is
 * pure and runs on the server too (reports), so it reads the shared catalogues instead of react-i18next.
 */
import type { LanguageCode } from '../../api/security.ts';
import { catalogues } from '../../i18n/index.ts';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

function lookup(locale: LanguageCode, key: string): unknown {
  let node: unknown = catalogues[locale];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** The text of a catalogue key with its {{placeholders}} filled; English when the language lacks it. */
export function translate(
  locale: LanguageCode,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const text = lookup(locale, key) ?? lookup('en', key);
  if (typeof text !== 'string') return key;
  return text.replace(/{{\s*(\w+)\s*}}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

export function translator(locale: LanguageCode): Translate {
  return (key, params) => translate(locale, key, params);
}
