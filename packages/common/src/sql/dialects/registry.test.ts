import { describe, expect, it } from 'vitest';
import type { DialectCapabilities } from '../dialect.ts';
import { ENGINES, UnknownEngineError } from '../engines.ts';
import { dialects, getDialect } from './index.ts';

describe('the dialect registry', () => {
  it('has one dialect per engine, under its own name', () => {
    expect(Object.keys(dialects).sort()).toEqual([...ENGINES].sort());
    for (const engine of ENGINES) expect(dialects[engine].engine).toBe(engine);
  });

  it('finds a dialect by engine name', () => {
    expect(getDialect('postgresql')).toBe(dialects.postgresql);
  });

  it.each(['oracle', '', 'PostgreSQL', 'postgres'])('refuses the unknown engine %j', (engine) => {
    expect(() => getDialect(engine)).toThrow(UnknownEngineError);
  });

  it('names engines as Superset does', () => {
    expect(Object.fromEntries(ENGINES.map((engine) => [engine, dialects[engine].displayName]))).toEqual({
      duckdb: 'DuckDB',
      sqlite: 'SQLite',
      postgresql: 'PostgreSQL',
      mysql: 'MySQL',
      clickhouse: 'ClickHouse',
      trino: 'Trino',
    });
  });

  it('gives each URI scheme to one engine, the engine name first', () => {
    const schemes = Object.values(dialects).flatMap((dialect) => dialect.uriSchemes);
    expect(new Set(schemes).size).toBe(schemes.length);
    for (const engine of ENGINES) expect(dialects[engine].uriSchemes[0]).toBe(engine);
  });
});

describe.each(Object.values(dialects))('$displayName', (dialect) => {
  it('has an EXPLAIN statement exactly when it claims a cost estimate', () => {
    expect(dialect.explainStatement('SELECT 1') !== null).toBe(dialect.capabilities.costEstimate);
  });

  it('refuses values that have no SQL spelling', () => {
    expect(() => dialect.literal(Number.NaN)).toThrow(RangeError);
    expect(() => dialect.literal(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => dialect.literal(new Date('not a date'))).toThrow(RangeError);
  });

  it('refuses limits, offsets and parameter numbers that are not whole', () => {
    expect(() => dialect.limitClause(-1)).toThrow(RangeError);
    expect(() => dialect.limitClause(1.5)).toThrow(RangeError);
    expect(() => dialect.limitClause(10, Number.NaN)).toThrow(RangeError);
    expect(() => dialect.parameterPlaceholder(0)).toThrow(RangeError);
  });

  it('writes a LATEST PARTITION filter exactly when it claims partitions', () => {
    expect(dialect.latestPartitionPredicate('c', 't', []) !== null).toBe(dialect.capabilities.partitions);
  });

  it('returns a fresh grain list each time', () => {
    dialect.timeGrains().pop();
    expect(dialect.timeGrains()).toHaveLength(20);
  });
});

describe('capabilities', () => {
  const withCapability = (name: keyof DialectCapabilities) =>
    ENGINES.filter((engine) => dialects[engine].capabilities[name]);

  it('marks only Trino as having catalogs', () => {
    expect(withCapability('catalogs')).toEqual(['trino']);
  });

  it('marks the file databases', () => {
    expect(withCapability('fileBased')).toEqual(['duckdb', 'sqlite']);
  });

  it('has schemas everywhere but SQLite', () => {
    expect(withCapability('schemas')).toEqual(['duckdb', 'postgresql', 'mysql', 'clickhouse', 'trino']);
  });

  it('has foreign keys and indexes where the engine keeps them', () => {
    expect(withCapability('foreignKeys')).toEqual(['duckdb', 'sqlite', 'postgresql', 'mysql']);
    expect(withCapability('indexes')).toEqual(['duckdb', 'sqlite', 'postgresql', 'mysql']);
  });
});
