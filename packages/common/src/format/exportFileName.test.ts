import { describe, expect, it } from 'vitest';
import { exportFileName, MAX_EXPORT_FILE_NAME_BYTES, sanitizeFileNamePart } from './exportFileName.ts';

const now = new Date(Date.UTC(2024, 2, 13, 10, 37, 42));

describe('exportFileName', () => {
  it('names the file after the chart, the time grain and the viz type, then the time', () => {
    expect(
      exportFileName({
        chartName: 'Sales by region',
        vizType: 'echarts_timeseries_bar',
        timeGrain: 'P1D',
        format: 'csv',
        now,
      }),
    ).toBe('Sales by region_P1D_echarts_timeseries_bar_20240313_103742.csv');
  });

  it('uses the time range when there is no grain, and leaves out "No filter"', () => {
    expect(
      exportFileName({
        chartName: 'Orders',
        vizType: 'table',
        timeRange: '2024-01-01 : 2024-02-01',
        format: 'xlsx',
        now,
      }),
    ).toBe('Orders_2024-01-01..2024-02-01_table_20240313_103742.xlsx');
    expect(
      exportFileName({ chartName: 'Orders', vizType: 'table', timeRange: 'Last week', format: 'csv', now }),
    ).toBe('Orders_Last week_table_20240313_103742.csv');
    expect(
      exportFileName({ chartName: 'Orders', vizType: 'table', timeRange: 'No filter', format: 'csv', now }),
    ).toBe('Orders_table_20240313_103742.csv');
  });

  it('keeps Cyrillic and removes path separators, reserved and control characters', () => {
    const name = exportFileName({
      chartName: '../Выручка: "Москва" / СПб\u0000\n<2024>?*|',
      vizType: 'pie',
      format: 'csv',
      now,
    });
    expect(name).toBe('Выручка_ _Москва_ _ СПб_ _2024_pie_20240313_103742.csv');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting no control characters are left
    expect(name).not.toMatch(/[\\/:*?"<>|\u0000-\u001f]/);
  });

  it('falls back to "chart" for an empty or dots-only name', () => {
    expect(exportFileName({ chartName: ' .. ', vizType: 'table', format: 'csv', now })).toBe(
      'chart_table_20240313_103742.csv',
    );
    expect(exportFileName({ chartName: null, vizType: null, format: 'xlsx', now })).toBe(
      'chart_20240313_103742.xlsx',
    );
  });

  it('limits the name to 200 bytes of UTF-8 without cutting a character, keeping the tail', () => {
    const name = exportFileName({
      chartName: 'Я'.repeat(300),
      vizType: 'table',
      timeGrain: 'P1M',
      format: 'xlsx',
      now,
    });
    expect(encodeURIComponent(name).replace(/%[0-9A-F]{2}/g, 'x').length).toBeLessThanOrEqual(
      MAX_EXPORT_FILE_NAME_BYTES,
    );
    expect(name.endsWith('_P1M_table_20240313_103742.xlsx')).toBe(true);
    expect(name.startsWith('ЯЯЯ')).toBe(true);
    expect(name).not.toContain('\ufffd');
    const emoji = exportFileName({ chartName: '📈'.repeat(100), vizType: 'table', format: 'csv', now });
    expect([...emoji.split('_')[0]!].every((c) => c === '📈')).toBe(true);
  });

  it('sanitizes parts', () => {
    expect(sanitizeFileNamePart('  a\tb  ')).toBe('a b');
    expect(sanitizeFileNamePart('.hidden')).toBe('hidden');
    expect(sanitizeFileNamePart('C:\\x')).toBe('C__x');
  });
});
