/**
 * Chart type texts in either language without the i18n instance, which holds only the language the UI
 * shows (app/i18n/languagePacks.ts): the gallery searches names in both. They come from the viz area's
 * files and the chart types' own messages, which the chart code carries anyway.
 */
import type { LanguageCode } from '@vitrina/common';
import { VIZ_TEXTS } from '@vitrina/common/i18n/vizTexts';
import { valueAtPath } from '@vitrina/common/valueAtPath';
import { chartRegistry } from '@vitrina/common/viz/registry';

const trees = new Map<LanguageCode, unknown>();

function treeOf(language: LanguageCode): unknown {
  let tree = trees.get(language);
  if (!tree) {
    const { viz } = VIZ_TEXTS[language];
    tree = { viz: { ...viz, types: { ...viz.types, ...chartRegistry.messages(language) } } };
    trees.set(language, tree);
  }
  return tree;
}

/** The text of a `viz.…` key (such as a type's `nameKey`) in `language`; the key when there is none. */
export function vizText(language: LanguageCode, key: string): string {
  const text = valueAtPath(treeOf(language), key);
  return typeof text === 'string' ? text : key;
}
