import { describe, expect, it } from 'vitest';
import { parseQueryExtra, recordedColumns } from './queryExtra.ts';

describe('a SQL Lab run extra_json', () => {
  it('reads the recorded fields', () => {
    const columns = [{ column_name: 'city', name: 'city', type: 'VARCHAR', type_generic: 1, is_dttm: false }];
    const text = JSON.stringify({ progress: '1 of 2', columns });
    expect(parseQueryExtra(text).progress).toBe('1 of 2');
    expect(recordedColumns(text)).toEqual(columns);
  });

  it('reads text that is not a JSON object, or columns that are not a list, as nothing recorded', () => {
    for (const text of ['', 'not json', '[1, 2]', 'null', '"text"']) {
      expect(parseQueryExtra(text)).toEqual({});
      expect(recordedColumns(text)).toBeUndefined();
    }
    expect(recordedColumns('{"columns": {"city": 1}}')).toBeUndefined();
  });
});
