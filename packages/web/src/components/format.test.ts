import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, numberFormatter } from './format.ts';

describe('locale formatting', () => {
  it('groups and separates numbers as each locale does', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'ru')).toBe('1\u00a0234\u00a0567,5');
  });

  it('writes dates in the locale order and tolerates missing values', () => {
    const date = new Date(Date.UTC(2024, 2, 10, 10, 38));
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeZone: 'UTC' };
    expect(formatDate(date, 'en', options)).toBe('3/10/24');
    expect(formatDate(date, 'ru', options)).toBe('10.03.2024');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  it('reuses one formatter per locale and options', () => {
    expect(numberFormatter('en-US', { style: 'percent' })).toBe(
      numberFormatter('en-US', { style: 'percent' }),
    );
    expect(numberFormatter('en-US')).not.toBe(numberFormatter('ru-RU'));
  });
});
