export { compileQuery } from './compileQuery.ts';
export { filterPredicate, ParamSink, timeBoundsPredicate } from './filters.ts';
export type {
  CompiledQuery,
  CompileOptions,
  CompilerDataset,
  TimeRangeResolver,
  UserSqlFragment,
  UserSqlRole,
} from './types.ts';
