/**
 * Texts drawn inside charts (totals, tooltip captions, errors) in the chart's language. transformProps is
 * pure and runs on the server too (reports), so it reads the catalogue files instead of react-i18next:
 * only the viz area's (every key here is `viz.…`), which keeps the web app's chart code free of the whole
 * catalogues it loads one language at a time. A type's own texts (`viz.types.<namespace>.…`) come from its
 * folder, passed in as `own`.
 */
import type { LanguageCode } from '../../api/security.ts';
import { VIZ_TEXTS } from '../../i18n/vizTexts.ts';
import { valueAtPath } from '../../valueAtPath.ts';
import type { ChartTypeMessages } from '../types.ts';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

function lookup(locale: LanguageCode, key: string, own?: ChartTypeMessages): unknown {
  const ownPrefix = own ? `viz.types.${own.namespace}.` : null;
  let tree: unknown = VIZ_TEXTS[locale];
  let path = key;
  if (own && ownPrefix && key.startsWith(ownPrefix)) {
    tree = own[locale];
    path = key.slice(ownPrefix.length);
  }
  return valueAtPath(tree, path);
}

/** The text of a catalogue key with its {{placeholders}} filled; English when the language lacks it. */
export function translate(
  locale: LanguageCode,
  key: string,
  params: Record<string, string | number> = {},
  own?: ChartTypeMessages,
): string {
  const text = lookup(locale, key, own) ?? lookup('en', key, own);
  if (typeof text !== 'string') return key;
  return text.replace(/{{\s*(\w+)\s*}}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

export function translator(locale: LanguageCode, own?: ChartTypeMessages): Translate {
  return (key, params) => translate(locale, key, params, own);
}
