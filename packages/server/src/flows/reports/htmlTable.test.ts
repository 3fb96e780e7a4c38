import { GENERIC_DATA_TYPE } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { htmlTable, plainTable } from './htmlTable.ts';

describe('htmlTable', () => {
  const data = {
    colnames: ['<name>', 'at', 'n'],
    coltypes: [GENERIC_DATA_TYPE.STRING, GENERIC_DATA_TYPE.TEMPORAL, GENERIC_DATA_TYPE.NUMERIC],
    records: [{ '<name>': '<script>alert("x")</script> & co', at: Date.UTC(2024, 0, 2, 10), n: null }],
  };

  it('escapes headers and cells and shows timestamps and nulls as the chart table does', () => {
    expect(htmlTable(data)).toContain('<th>&lt;name&gt;</th><th>at</th><th>n</th>');
    expect(htmlTable(data)).toContain(
      '<td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co</td><td>2024-01-02 10:00:00</td><td></td>',
    );
    expect(htmlTable(data)).not.toContain('<script>');
  });

  it('writes the same rows as tab-separated text', () => {
    expect(plainTable(data)).toBe('<name>\tat\tn\n<script>alert("x")</script> & co\t2024-01-02 10:00:00\t');
  });
});
