import { isRecord } from '../../isRecord.ts';
import { reducerFor } from './aggregators.ts';
import { getColumn, hasColumn } from './frame.ts';
import type { Aggregates, DataFrame } from './types.ts';
import {
  fail,
  fromFloat64,
  type Grouping,
  groupOrder,
  groupRows,
  optionsOf,
  stringArray,
  toNumber,
} from './util.ts';

export interface ResolvedAggregate {
  name: string;
  column: string;
  reduce: ReturnType<typeof reducerFor>;
}

export function resolveAggregates(
  operation: string,
  frame: DataFrame,
  aggregates: unknown,
): ResolvedAggregate[] {
  if (!isRecord(aggregates))
    fail(operation, 'aggregates', `${operation}: option aggregates must be an object`);
  const out: ResolvedAggregate[] = [];
  for (const [name, spec] of Object.entries(aggregates as Aggregates)) {
    if (!isRecord(spec)) fail(operation, `aggregates.${name}`, `Aggregate ${name} must be an object`);
    const column = spec.column ?? name;
    if (typeof column !== 'string' || !hasColumn(frame, column)) {
      fail(
        operation,
        `aggregates.${name}.column`,
        `Column referenced by aggregate is undefined: ${String(column)}`,
      );
    }
    if (spec.operator === undefined) {
      fail(operation, `aggregates.${name}.operator`, `Operator undefined for aggregator: ${name}`);
    }
    out.push({ name, column, reduce: reducerFor(operation, name, spec) });
  }
  return out;
}

/** Reduces each aggregate per group; result[k][g] is aggregate k of group g. */
export function reduceGroups(
  frame: DataFrame,
  grouping: Grouping,
  aggregates: readonly ResolvedAggregate[],
): Float64Array[] {
  const { order, offsets } = groupOrder(grouping);
  const gathered = new Map<string, Float64Array>();
  return aggregates.map((agg) => {
    let values = gathered.get(agg.column);
    if (values === undefined) {
      const src = getColumn(frame, agg.column);
      values = new Float64Array(order.length);
      for (let k = 0; k < order.length; k++) values[k] = toNumber(src[order[k] as number]);
      gathered.set(agg.column, values);
    }
    const out = new Float64Array(grouping.count);
    for (let g = 0; g < grouping.count; g++) {
      out[g] = agg.reduce(values, offsets[g] as number, offsets[g + 1] as number);
    }
    return out;
  });
}

/** Group-by keys then aggregates, one row per group in sorted key order; null keys are dropped. */
export function aggregate(frame: DataFrame, rawOptions: unknown): DataFrame {
  const options = optionsOf('aggregate', rawOptions, true);
  const groupby = stringArray('aggregate', 'groupby', options.groupby, false);
  for (const g of groupby) {
    if (!hasColumn(frame, g))
      fail('aggregate', 'groupby', `Referenced columns not available in DataFrame: ${g}`);
  }
  const aggs = resolveAggregates('aggregate', frame, options.aggregates ?? {});
  const n = frame.columns.length === 0 ? 0 : (frame.data[frame.columns[0] as string]?.length ?? 0);
  const grouping = groupRows(
    groupby.map((g) => getColumn(frame, g)),
    n,
  );
  const reduced = reduceGroups(frame, grouping, aggs);
  const data: Record<string, unknown[]> = {};
  for (const g of groupby) {
    const src = getColumn(frame, g);
    data[g] = Array.from(grouping.firstRow, (r) => src[r]);
  }
  aggs.forEach((agg, k) => {
    data[agg.name] = fromFloat64(reduced[k] as Float64Array);
  });
  const columns = [...groupby, ...aggs.map((a) => a.name).filter((a) => !groupby.includes(a))];
  return { columns, data };
}
