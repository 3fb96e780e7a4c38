import { describe, expect, it } from 'vitest';
import { asciiFallback, contentDisposition, csvContentType, encodeRfc5987 } from './contentDisposition.ts';

describe('contentDisposition', () => {
  it('keeps a plain ASCII name as a quoted filename only', () => {
    expect(contentDisposition('Sales_P1D_table_20240313_103742.csv')).toBe(
      'attachment; filename="Sales_P1D_table_20240313_103742.csv"',
    );
  });

  it('adds filename* (RFC 5987) for non-ASCII names with an ASCII fallback', () => {
    expect(contentDisposition('Выручка 2024.xlsx')).toBe(
      `attachment; filename="_______ 2024.xlsx"; filename*=UTF-8''%D0%92%D1%8B%D1%80%D1%83%D1%87%D0%BA%D0%B0%202024.xlsx`,
    );
  });

  it('escapes quotes and the characters RFC 5987 does not allow raw', () => {
    expect(contentDisposition('a"b\\c.csv')).toBe(
      `attachment; filename="a_b_c.csv"; filename*=UTF-8''a%22b%5Cc.csv`,
    );
    expect(encodeRfc5987("it's (1)*")).toBe('it%27s%20%281%29%2A');
    expect(asciiFallback('Выручка.csv')).toBe('export.csv');
    expect(csvContentType()).toBe('text/csv; charset=utf-8');
  });
});
