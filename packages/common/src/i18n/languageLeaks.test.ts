import { describe, expect, it } from 'vitest';
import { catalogues } from './index.ts';
import { foreignTexts, leaksIn } from './languageLeaks.ts';

const en = {
  menu: { charts: 'Charts', sqlLab: 'SQL Lab', ok: 'OK' },
  time: { minutesAgo: '{{count}} minutes ago' },
  only: { english: 'Forgotten text' },
  roleNames: { 'Create data': 'Create data' },
  useCase: { readonly: { title: 'readonly' } },
};
const ru = {
  menu: { charts: 'Графики', sqlLab: 'SQL Lab', ok: 'ОК' },
  time: { minutesAgo: '{{count}} мин. назад' },
  only: {},
  roleNames: { 'Create data': 'Создание данных' },
  useCase: { readonly: { title: 'Анализ данных' } },
};

describe('language leaks', () => {
  const englishOnRussian = foreignTexts(ru, en);

  it('looks for texts that differ between the languages and have letters enough to tell', () => {
    expect(englishOnRussian.map((text) => text.key).sort()).toEqual([
      'menu.charts',
      'only.english',
      'time.minutesAgo',
    ]);
  });

  it('leaves out texts that are the names of stored data (spelled as their key)', () => {
    expect(leaksIn(['Create data', 'readonly'], englishOnRussian)).toEqual([]);
  });

  it('finds whole on-screen texts, with interpolations standing for anything', () => {
    expect(
      leaksIn(['Графики', ' 21  minutes ago ', 'Forgotten text', 'Chartsy', 'SQL Lab'], englishOnRussian),
    ).toEqual([
      { shown: '21 minutes ago', key: 'time.minutesAgo' },
      { shown: 'Forgotten text', key: 'only.english' },
    ]);
  });

  it('does not flag data that merely contains a catalogue word', () => {
    expect(leaksIn(['Charts · Графики', 'My Charts'], englishOnRussian)).toEqual([]);
  });

  it('has hundreds of texts to look for in the real catalogues, both ways', () => {
    expect(foreignTexts(catalogues.ru, catalogues.en).length).toBeGreaterThan(500);
    expect(foreignTexts(catalogues.en, catalogues.ru).length).toBeGreaterThan(500);
  });
});
