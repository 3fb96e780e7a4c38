// @vitest-environment jsdom
import { appCatalogues } from '@vitrina/common/i18n/appCatalogues';
import { describe, expect, it } from 'vitest';
import { createI18n, switchLanguage } from './i18n.ts';
import { loadedLanguagePack, loadLanguagePack } from './languagePacks.ts';

describe('language packs', () => {
  it('load one language with the chart and filter types merged in, as the whole catalogues have it', async () => {
    const pack = await loadLanguagePack('ru');
    expect(pack.catalogue).toEqual(appCatalogues.ru);
    expect(pack.antdLocale.locale).toBe('ru');
    expect(loadedLanguagePack('ru')).toBe(pack);
    // Loaded once: a second switch reuses it.
    expect(await loadLanguagePack('ru')).toBe(pack);
  });

  it('a switch gives an instance that had only English the Russian texts before the UI changes', async () => {
    const instance = createI18n('en', { en: appCatalogues.en });
    expect(instance.t('common.cancel')).toBe('Cancel');
    const seen: string[] = [];
    instance.on('languageChanged', () => seen.push(instance.t('common.cancel')));
    await switchLanguage(instance, 'ru');
    expect(instance.language).toBe('ru');
    expect(seen).toEqual([appCatalogues.ru.common.cancel]);
    expect(instance.t('common.cancel')).not.toBe('Cancel');
  });
});
