/** The kinds of database Vitrina connects to. Adding one means a dialect file and a driver file. */
export const ENGINES = ['duckdb', 'sqlite', 'postgresql', 'mysql', 'clickhouse', 'trino'] as const;
export type EngineName = (typeof ENGINES)[number];

export function isEngineName(value: string): value is EngineName {
  return (ENGINES as readonly string[]).includes(value);
}

/** An engine name nobody registered: always an error, never a silent fallback. */
export class UnknownEngineError extends Error {
  constructor(readonly engine: string) {
    super(`Unknown database engine "${engine}". Supported engines: ${ENGINES.join(', ')}`);
    this.name = 'UnknownEngineError';
  }
}
