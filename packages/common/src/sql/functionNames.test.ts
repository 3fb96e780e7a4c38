import { describe, expect, it } from 'vitest';
import { ENGINES } from './dialects/engines.ts';
import { functionNames } from './functionNames.ts';

describe('functionNames', () => {
  it('lists each engine its own functions, sorted once each', () => {
    for (const engine of ENGINES) {
      const names = functionNames(engine);
      expect(names.length, engine).toBeGreaterThan(30);
      expect(names, engine).toEqual([...new Set(names)].sort());
    }
  });

  it('offers what an engine has and not what it lacks', () => {
    expect(functionNames('sqlite')).toContain('strftime');
    expect(functionNames('sqlite')).not.toContain('date_trunc');
    expect(functionNames('postgresql')).toContain('date_trunc');
    expect(functionNames('clickhouse')).toContain('toStartOfMonth');
    expect(functionNames('trino')).not.toContain('toStartOfMonth');
  });
});
