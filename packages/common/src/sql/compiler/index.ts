export { compileQuery } from './compileQuery.ts';
export { filterPredicate, ParamSink, timeBoundsPredicate } from './filters.ts';
export { LatestPartitionError, type LatestPartitionReason } from './latestPartition.ts';
export type {
  CompiledQuery,
  CompileOptions,
  CompilerDataset,
  TimeRangeResolver,
  UserSqlFragment,
  UserSqlRole,
} from './types.ts';
