import { describe, expect, it } from 'vitest';
import { translate } from './i18n.ts';

describe('chart texts', () => {
  it('translates with placeholders and falls back to the key', () => {
    expect(translate('en', 'viz.types.echartsShared.total', { value: '5' })).toBe('Total: 5');
    expect(translate('ru', 'viz.types.echartsShared.total', { value: '5' })).toBe('Итого: 5');
    expect(translate('ru', 'viz.types.nothing.here')).toBe('viz.types.nothing.here');
  });
});

describe("a type's own texts", () => {
  const own = { namespace: 'fixture', en: { hello: 'Hello {{name}}' }, ru: { hello: 'Привет, {{name}}' } };

  it('are read from the messages passed in, under viz.types.<namespace>', () => {
    expect(translate('ru', 'viz.types.fixture.hello', { name: 'Аня' }, own)).toBe('Привет, Аня');
    expect(translate('en', 'viz.types.echartsShared.total', { value: '5' }, own)).toBe('Total: 5');
  });
});
