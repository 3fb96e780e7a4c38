import { describe, expect, it } from 'vitest';
import { chartFileName } from './download.ts';

describe('chartFileName', () => {
  it('makes a safe name with a timestamp', () => {
    const now = new Date('2024-05-01T10:30:15Z');
    expect(chartFileName('Revenue / month: EU', 'png', now)).toBe('Revenue_month_EU_20240501T1030.png');
    expect(chartFileName('  ', 'png', now)).toBe('chart_20240501T1030.png');
  });
});
