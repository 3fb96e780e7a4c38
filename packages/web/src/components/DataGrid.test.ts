import { describe, expect, it } from 'vitest';
import { cellText } from './DataGrid.tsx';

describe('cellText', () => {
  it('shows temporal values as date-times and keeps other values as text', () => {
    expect(cellText(Date.UTC(2024, 4, 1, 10, 30), 2)).toBe('2024-05-01 10:30:00');
    expect(cellText(12.5, 0)).toBe('12.5');
    expect(cellText('Москва', 1)).toBe('Москва');
    expect(cellText(true, 3)).toBe('true');
    expect(cellText({ a: 1 }, 1)).toBe('{"a":1}');
  });

  it('answers null for missing values', () => {
    expect(cellText(null, 0)).toBeNull();
    expect(cellText(undefined, 1)).toBeNull();
  });
});
