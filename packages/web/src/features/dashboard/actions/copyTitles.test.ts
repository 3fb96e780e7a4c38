import { describe, expect, it } from 'vitest';
import { copyTitles } from './copyTitles.ts';

describe('copyTitles', () => {
  it('suffixes each title in its own language, whatever the UI shows', () => {
    expect(copyTitles('Sales', 'Продажи')).toEqual({ title: 'Sales [copy]', titleRu: 'Продажи [копия]' });
  });

  it('leaves an absent Russian title empty, and keeps $ patterns in a title as they are', () => {
    expect(copyTitles('Cost $& margin', null)).toEqual({ title: 'Cost $& margin [copy]', titleRu: '' });
  });
});
