import { isRecord } from '../../isRecord.ts';
import { getColumn, rowCount } from './frame.ts';
import type { DataFrame } from './types.ts';
import {
  assignColumns,
  fail,
  isNumericColumn,
  matchColumns,
  optionsOf,
  stringArray,
  toNumber,
} from './util.ts';

const OP = 'contribution';

/**
 * Share of each cell in its column total (orientation 'column', the default; nulls count as 0,
 * a zero total gives null) or in its row total over the selected columns (orientation 'row';
 * columns of each time shift '<metric>__<shift>' form their own group). Without `columns`, every
 * numeric non-index column is used. Results replace the columns or go to `rename_columns`.
 */
export function contribution(frame: DataFrame, rawOptions: unknown): DataFrame {
  const options = optionsOf(OP, rawOptions, false);
  const orientation = options.orientation ?? 'column';
  if (orientation !== 'row' && orientation !== 'column') {
    fail(OP, 'orientation', 'contribution: option orientation must be row or column');
  }
  const index = frame.index ?? [];
  const numeric = frame.columns.filter((c) => !index.includes(c) && isNumericColumn(getColumn(frame, c)));
  const requested = stringArray(OP, 'columns', options.columns, false);
  let columns: string[];
  if (requested.length > 0) {
    columns = [];
    for (const name of requested) {
      const matched = matchColumns(frame, name).filter((c) => numeric.includes(c));
      if (matched.length === 0) {
        fail(OP, 'columns', `Column "${name}" is not numeric or does not exists in the query results.`);
      }
      columns.push(...matched);
    }
  } else {
    columns = numeric;
  }
  const renameRaw = stringArray(OP, 'rename_columns', options.rename_columns, false);
  const rename = renameRaw.length > 0 ? renameRaw : columns;
  if (rename.length !== columns.length) {
    fail(
      OP,
      'rename_columns',
      '`rename_columns` must have the same length as `columns` + `time_shift_columns`.',
    );
  }
  const totals = options.contribution_totals;
  if (totals !== undefined && totals !== null && !isRecord(totals)) {
    fail(OP, 'contribution_totals', 'contribution: option contribution_totals must be an object');
  }
  const n = rowCount(frame);
  const values = columns.map((c) => {
    const src = getColumn(frame, c);
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = toNumber(src[i]);
    return out;
  });
  const computed = new Map<string, unknown[]>();
  const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

  if (orientation === 'column') {
    columns.forEach((col, k) => {
      const x = values[k] as Float64Array;
      const given = isRecord(totals) ? totals[col] : undefined;
      let total = 0;
      if (isRecord(totals) && Object.keys(totals).length > 0) total = typeof given === 'number' ? given : 0;
      else for (let i = 0; i < n; i++) if (!Number.isNaN(x[i] as number)) total += x[i] as number;
      const out = new Array<unknown>(n);
      const useGiven = isRecord(totals) && Object.keys(totals).length > 0;
      for (let i = 0; i < n; i++) {
        const v = !Number.isNaN(x[i] as number) ? (x[i] as number) : 0;
        out[i] = useGiven && total === 0 ? 0 : finite(v / total);
      }
      computed.set(rename[k] as string, out);
    });
    return assignColumns(frame, computed);
  }

  const shifts = stringArray(OP, 'time_shifts', options.time_shifts, false);
  const groups = new Map<string, number[]>();
  columns.forEach((col, k) => {
    const first = col.split(/(?<!\\), /)[0] ?? col;
    const shift = shifts.find((s) => first.endsWith(`__${s}`)) ?? '';
    const list = groups.get(shift) ?? [];
    list.push(k);
    groups.set(shift, list);
  });
  for (const members of groups.values()) {
    const rowTotal = new Float64Array(n);
    for (const k of members) {
      const x = values[k] as Float64Array;
      for (let i = 0; i < n; i++)
        if (!Number.isNaN(x[i] as number)) rowTotal[i] = (rowTotal[i] as number) + (x[i] as number);
    }
    for (const k of members) {
      const x = values[k] as Float64Array;
      const out = new Array<unknown>(n);
      for (let i = 0; i < n; i++) out[i] = finite((x[i] as number) / (rowTotal[i] as number));
      computed.set(rename[k] as string, out);
    }
  }
  return assignColumns(frame, computed);
}
