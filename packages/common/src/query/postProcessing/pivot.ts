import { reduceGroups, resolveAggregates } from './aggregate.ts';
import { getColumn, hasColumn, rowCount } from './frame.ts';
import type { DataFrame } from './types.ts';
import {
  cellToString,
  fail,
  type Grouping,
  groupRows,
  isNullish,
  joinLevels,
  optBool,
  optionsOf,
  stringArray,
} from './util.ts';

const OP = 'pivot';
export const NULL_STRING = '<NULL>';

function subGrouping(ids: Int32Array, count: number, valid: (row: number) => boolean): Grouping {
  const n = ids.length;
  const out = new Int32Array(n);
  const firstRow = new Int32Array(count).fill(-1);
  for (let i = 0; i < n; i++) {
    const g = ids[i] as number;
    if (g < 0 || !valid(i)) {
      out[i] = -1;
      continue;
    }
    out[i] = g;
    if (firstRow[g] === -1) firstRow[g] = i;
  }
  return { ids: out, count, firstRow };
}

/**
 * pandas' pivot_table as Superset's `pivot` calls it, with the column MultiIndex already flattened
 * the way Superset's `flatten` does ('metric, value', cells escaped). Rows are the sorted index
 * keys (null keys dropped); columns are sorted by metric, then by column values.
 */
export function pivot(frame: DataFrame, rawOptions: unknown): DataFrame {
  const options = optionsOf(OP, rawOptions, true);
  const index = stringArray(OP, 'index', options.index, false);
  if (index.length === 0) fail(OP, 'index', 'Pivot operation requires at least one index');
  const columns = stringArray(OP, 'columns', options.columns, false);
  for (const c of index)
    if (!hasColumn(frame, c)) fail(OP, 'index', `Referenced columns not available in DataFrame: ${c}`);
  for (const c of columns) {
    if (!hasColumn(frame, c)) fail(OP, 'columns', `Referenced columns not available in DataFrame: ${c}`);
  }
  if (!options.aggregates || Object.keys(options.aggregates as object).length === 0) {
    fail(OP, 'aggregates', 'Pivot operation must include at least one aggregate');
  }
  const aggs = resolveAggregates(OP, frame, options.aggregates).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  const columnFill = options.column_fill_value === undefined ? NULL_STRING : options.column_fill_value;
  if (columnFill !== null && typeof columnFill !== 'string') {
    fail(OP, 'column_fill_value', 'pivot: option column_fill_value must be a string or null');
  }
  const metricFill = options.metric_fill_value ?? null;
  const dropMissing = optBool(OP, 'drop_missing_columns', options.drop_missing_columns, true);
  const combine = optBool(OP, 'combine_value_with_metric', options.combine_value_with_metric, false);
  const margins = optBool(OP, 'marginal_distributions', options.marginal_distributions, false);
  const marginName =
    options.marginal_distribution_name === undefined || options.marginal_distribution_name === null
      ? 'All'
      : String(options.marginal_distribution_name);

  const n = rowCount(frame);
  const colCols = columns.map((c) => {
    const src = getColumn(frame, c);
    if (!columnFill) return src;
    return src.map((v) => (isNullish(v) ? columnFill : v));
  });
  const rowG = groupRows(
    index.map((c) => getColumn(frame, c)),
    n,
  );
  const colG = groupRows(colCols, n);
  const R = rowG.count;
  const C = colG.count;

  // Cells: one group per (row key, column key) present in the data.
  const cellIds = new Int32Array(n);
  const cellMap = new Map<number, number>();
  const cellRow: number[] = [];
  const cellCol: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = rowG.ids[i] as number;
    const c = colG.ids[i] as number;
    if (r < 0 || c < 0) {
      cellIds[i] = -1;
      continue;
    }
    const key = r * C + c;
    let id = cellMap.get(key);
    if (id === undefined) {
      id = cellRow.length;
      cellMap.set(key, id);
      cellRow.push(r);
      cellCol.push(c);
    }
    cellIds[i] = id;
  }
  const cellCount = cellRow.length;
  const cellG: Grouping = { ids: cellIds, count: cellCount, firstRow: new Int32Array(cellCount) };
  const cellValues = reduceGroups(frame, cellG, aggs);

  // pandas drops cells whose aggregates are all missing before unstacking (dropna with columns).
  const keepCell = new Uint8Array(cellCount).fill(1);
  if (dropMissing && columns.length > 0) {
    for (let k = 0; k < cellCount; k++) {
      if (cellValues.every((vals) => Number.isNaN(vals[k] as number))) keepCell[k] = 0;
    }
  }
  const keepRow = new Uint8Array(R);
  for (let k = 0; k < cellCount; k++) if (keepCell[k]) keepRow[cellRow[k] as number] = 1;
  if (!(dropMissing && columns.length > 0)) keepRow.fill(1);
  const rowPos = new Int32Array(R).fill(-1);
  let outRows = 0;
  for (let r = 0; r < R; r++) if (keepRow[r]) rowPos[r] = outRows++;

  // Dense matrices per aggregate: [column group][row].
  const matrices = aggs.map(() => {
    const m = new Float64Array(C * outRows);
    m.fill(Number.NaN);
    return m;
  });
  const present = new Uint8Array(C);
  for (let k = 0; k < cellCount; k++) {
    if (!keepCell[k]) continue;
    const r = rowPos[cellRow[k] as number] as number;
    const c = cellCol[k] as number;
    present[c] = 1;
    aggs.forEach((_, a) => {
      (matrices[a] as Float64Array)[c * outRows + r] = (cellValues[a] as Float64Array)[k] as number;
    });
  }

  // Margins ('All'): per row over every column key, per column key over every row, and overall.
  const totalRows = outRows + (margins ? 1 : 0);
  let rowMargins: Float64Array[] = [];
  let colMargins: Float64Array[] = [];
  let grand: Float64Array[] = [];
  if (margins) {
    const validCol = (i: number) => (colG.ids[i] as number) >= 0;
    const validRow = (i: number) => (rowG.ids[i] as number) >= 0;
    rowMargins = reduceGroups(frame, subGrouping(rowG.ids, R, validCol), aggs);
    colMargins = reduceGroups(frame, subGrouping(colG.ids, C, validRow), aggs);
    const all = new Int32Array(n);
    for (let i = 0; i < n; i++) all[i] = validCol(i) && validRow(i) ? 0 : -1;
    grand = reduceGroups(frame, { ids: all, count: 1, firstRow: new Int32Array(1) }, aggs);
  }

  const fill = (v: number): unknown => (Number.isFinite(v) ? v : metricFill);
  const data: Record<string, unknown[]> = {};
  const outColumns: string[] = [];
  index.forEach((name, level) => {
    const src = getColumn(frame, name);
    const vals = new Array<unknown>(totalRows);
    for (let r = 0; r < R; r++) {
      const p = rowPos[r] as number;
      if (p >= 0) vals[p] = src[rowG.firstRow[r] as number];
    }
    if (margins) vals[outRows] = level === 0 ? marginName : '';
    data[name] = vals;
    outColumns.push(name);
  });

  const colKeyLevels = (c: number): string[] =>
    colCols.map((col) => cellToString(col[colG.firstRow[c] as number]));
  const makeColumn = (a: number, c: number): unknown[] => {
    const m = matrices[a] as Float64Array;
    const vals = new Array<unknown>(totalRows);
    for (let r = 0; r < outRows; r++) vals[r] = fill(m[c * outRows + r] as number);
    if (margins) vals[outRows] = fill((colMargins[a] as Float64Array)[c] as number);
    return vals;
  };
  const makeMarginColumn = (a: number): unknown[] => {
    const vals = new Array<unknown>(totalRows);
    const rm = rowMargins[a] as Float64Array;
    for (let r = 0; r < R; r++) {
      const p = rowPos[r] as number;
      if (p >= 0) vals[p] = fill(rm[r] as number);
    }
    vals[outRows] = fill((grand[a] as Float64Array)[0] as number);
    return vals;
  };
  const isAllMissing = (vals: unknown[]): boolean => vals.every((v) => v === null || v === undefined);
  const add = (name: string, vals: unknown[], droppable: boolean): void => {
    if (droppable && dropMissing && columns.length > 0 && isAllMissing(vals)) return;
    if (!Object.hasOwn(data, name)) outColumns.push(name);
    data[name] = vals;
  };

  if (columns.length === 0) {
    aggs.forEach((agg, a) => {
      const vals = C > 0 ? makeColumn(a, 0) : new Array<unknown>(totalRows).fill(metricFill);
      if (margins && C === 0) vals[outRows] = fill((grand[a] as Float64Array)[0] as number);
      add(agg.name, vals, false);
    });
  } else if (!combine) {
    aggs.forEach((agg, a) => {
      for (let c = 0; c < C; c++) {
        if (!present[c] && dropMissing) continue;
        add(joinLevels([agg.name, ...colKeyLevels(c)]), makeColumn(a, c), true);
      }
      if (margins)
        add(
          joinLevels([agg.name, marginName, ...columns.slice(1).map(() => '')]),
          makeMarginColumn(a),
          false,
        );
    });
  } else {
    for (let c = 0; c < C; c++) {
      if (!present[c] && dropMissing) continue;
      aggs.forEach((agg, a) => {
        add(joinLevels([...colKeyLevels(c), agg.name]), makeColumn(a, c), true);
      });
    }
    if (margins) {
      aggs.forEach((agg, a) => {
        add(
          joinLevels([marginName, ...columns.slice(1).map(() => ''), agg.name]),
          makeMarginColumn(a),
          false,
        );
      });
    }
  }
  return { columns: outColumns, data, index: [...index] };
}
