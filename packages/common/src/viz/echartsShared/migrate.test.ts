import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION, type FormData } from '../types.ts';
import { migrationChain, removeKeys, renameKeys } from './migrate.ts';

const base = { datasource: '1__table', viz_type: 'pie' } as FormData;

describe('migration chain', () => {
  it('runs the steps from the saved version and stamps the current one', () => {
    const calls: number[] = [];
    const migrate = migrationChain([
      (formData) => {
        calls.push(formData.form_data_version ?? 0);
        return { ...formData, touched: true };
      },
    ]);
    expect(migrate(base)).toEqual({ ...base, touched: true, form_data_version: FORM_DATA_VERSION });
    expect(migrate({ ...base, form_data_version: FORM_DATA_VERSION })).toEqual({
      ...base,
      form_data_version: FORM_DATA_VERSION,
    });
    expect(calls).toEqual([0]);
  });

  it('needs one step per version', () => {
    expect(() => migrationChain([])).toThrow();
  });

  it('renames keys without overwriting and removes keys', () => {
    expect(renameKeys({ ...base, a: 1, b: 2, c: 3 }, { a: 'x', b: 'c' })).toEqual({ ...base, x: 1, c: 3 });
    expect(removeKeys({ ...base, a: 1 }, ['a', 'missing'])).toEqual(base);
  });
});
