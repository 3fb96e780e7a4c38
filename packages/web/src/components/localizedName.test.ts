import { describe, expect, it } from 'vitest';
import { localizedName } from './localizedName.ts';

describe('localizedName', () => {
  it('shows the Russian variant when the UI is Russian and the variant is set', () => {
    expect(localizedName('Revenue', 'Выручка', 'ru')).toBe('Выручка');
    expect(localizedName('Revenue', 'Выручка', 'ru-RU')).toBe('Выручка');
  });

  it('falls back to English for an empty or blank variant', () => {
    expect(localizedName('Revenue', '', 'ru')).toBe('Revenue');
    expect(localizedName('Revenue', '   ', 'ru')).toBe('Revenue');
    expect(localizedName('Revenue', null, 'ru')).toBe('Revenue');
  });

  it('shows English when the UI is English', () => {
    expect(localizedName('Revenue', 'Выручка', 'en')).toBe('Revenue');
    expect(localizedName(null, 'Выручка', 'en')).toBe('');
  });
});
