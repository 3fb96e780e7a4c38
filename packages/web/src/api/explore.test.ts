import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './explore.ts';

describe('fileNameFromDisposition', () => {
  it('reads the plain and the RFC 5987 names, preferring the encoded one', () => {
    expect(fileNameFromDisposition('attachment; filename="sales_20240501.csv"')).toBe('sales_20240501.csv');
    expect(fileNameFromDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(
      fileNameFromDisposition(
        `attachment; filename="_.csv"; filename*=UTF-8''${encodeURIComponent('Продажи.csv')}`,
      ),
    ).toBe('Продажи.csv');
  });

  it('answers null without a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});
