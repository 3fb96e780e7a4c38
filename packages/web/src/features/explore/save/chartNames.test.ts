import { describe, expect, it } from 'vitest';
import { nameFieldValue, titlesToSave } from './chartNames.ts';

const both = { sliceName: 'Orders by city', sliceNameRu: 'Заказы по городам' };
const englishOnly = { sliceName: 'Orders by city', sliceNameRu: null };

describe('the save dialog name field', () => {
  it('starts with the title in the UI language, falling back to English', () => {
    expect(nameFieldValue(both, 'ru')).toBe('Заказы по городам');
    expect(nameFieldValue(both, 'en')).toBe('Orders by city');
    expect(nameFieldValue(englishOnly, 'ru')).toBe('Orders by city');
  });

  it('in English writes the English title and leaves the Russian one on overwrite', () => {
    expect(titlesToSave('overwrite', ' Orders ', both, 'en')).toEqual({ sliceName: 'Orders' });
  });

  it('in English, save-as keeps the Russian title only when the name was left alone', () => {
    expect(titlesToSave('saveas', 'Orders by city', both, 'en')).toEqual(both);
    expect(titlesToSave('saveas', 'Copy', both, 'en')).toEqual({ sliceName: 'Copy', sliceNameRu: null });
  });

  it('in Russian, overwrite changes only the Russian title', () => {
    expect(titlesToSave('overwrite', 'Заказы', both, 'ru')).toEqual({
      sliceName: 'Orders by city',
      sliceNameRu: 'Заказы',
    });
  });

  it('in Russian, an untouched English fallback does not become the Russian title', () => {
    expect(titlesToSave('overwrite', 'Orders by city', englishOnly, 'ru')).toEqual({
      sliceName: 'Orders by city',
    });
  });

  it('in Russian, save-as names the new chart with the typed name in both titles', () => {
    expect(titlesToSave('saveas', 'Копия', both, 'ru')).toEqual({ sliceName: 'Копия', sliceNameRu: 'Копия' });
    expect(titlesToSave('saveas', 'Заказы по городам', both, 'ru')).toEqual(both);
  });
});
