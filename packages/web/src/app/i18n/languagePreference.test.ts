// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  browserLanguage,
  initialLanguage,
  LANGUAGE_STORAGE_KEY,
  storeLanguage,
} from './languagePreference.ts';

afterEach(() => window.localStorage.clear());

describe('language before login', () => {
  it('follows the browser', () => {
    expect(browserLanguage(['ru-RU', 'en-US'])).toBe('ru');
    expect(browserLanguage(['en-GB', 'ru'])).toBe('en');
    expect(browserLanguage(['de-DE'])).toBe('en');
    expect(browserLanguage(['de-DE', 'ru'])).toBe('ru');
  });

  it('prefers the stored vitrina_lang', () => {
    storeLanguage('ru');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
    expect(initialLanguage()).toBe('ru');
  });

  it('ignores a stored value that is not a language', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(initialLanguage()).toBe(browserLanguage());
  });
});
