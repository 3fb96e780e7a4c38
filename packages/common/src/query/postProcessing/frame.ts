import type { DataFrame } from './types.ts';

/** Builds a frame from column names and row arrays (as drivers return them). */
export function fromRows(colnames: readonly string[], rows: readonly (readonly unknown[])[]): DataFrame {
  const n = rows.length;
  const data: Record<string, unknown[]> = {};
  const columns = [...colnames];
  for (let c = 0; c < columns.length; c++) {
    const arr = new Array<unknown>(n);
    for (let r = 0; r < n; r++) {
      const v = (rows[r] as readonly unknown[])[c];
      arr[r] = v === undefined ? null : v;
    }
    data[columns[c] as string] = arr;
  }
  return { columns, data };
}

/** Builds a frame from records; column order is `colnames` or the keys of the first record. */
export function fromRecords(
  records: readonly Record<string, unknown>[],
  colnames?: readonly string[],
): DataFrame {
  const columns = colnames ? [...colnames] : Object.keys(records[0] ?? {});
  const n = records.length;
  const data: Record<string, unknown[]> = {};
  for (const col of columns) {
    const arr = new Array<unknown>(n);
    for (let r = 0; r < n; r++) {
      const v = (records[r] as Record<string, unknown>)[col];
      arr[r] = v === undefined ? null : v;
    }
    data[col] = arr;
  }
  return { columns, data };
}

/** Rows as records, keys in column order (the chart data API's `data`). */
export function toRecords(frame: DataFrame): Record<string, unknown>[] {
  const n = rowCount(frame);
  const out = new Array<Record<string, unknown>>(n);
  const cols = frame.columns.map((c) => getColumn(frame, c));
  for (let r = 0; r < n; r++) {
    const rec: Record<string, unknown> = {};
    for (let c = 0; c < cols.length; c++) {
      rec[frame.columns[c] as string] = (cols[c] as unknown[])[r];
    }
    out[r] = rec;
  }
  return out;
}

/** Rows as arrays in column order. */
export function toRows(frame: DataFrame): unknown[][] {
  const n = rowCount(frame);
  const cols = frame.columns.map((c) => getColumn(frame, c));
  const out = new Array<unknown[]>(n);
  for (let r = 0; r < n; r++) {
    const row = new Array<unknown>(cols.length);
    for (let c = 0; c < cols.length; c++) row[c] = (cols[c] as unknown[])[r];
    out[r] = row;
  }
  return out;
}

export function rowCount(frame: DataFrame): number {
  const first = frame.columns[0];
  if (first === undefined) return 0;
  return frame.data[first]?.length ?? 0;
}

export function emptyFrame(columns: readonly string[] = []): DataFrame {
  const data: Record<string, unknown[]> = {};
  for (const c of columns) data[c] = [];
  return { columns: [...columns], data };
}

/** The column's values; throws a plain Error when missing (operations check names first). */
export function getColumn(frame: DataFrame, name: string): unknown[] {
  const col = frame.data[name];
  if (col === undefined) throw new Error(`Column not found: ${name}`);
  return col;
}

export function hasColumn(frame: DataFrame, name: string): boolean {
  return Object.hasOwn(frame.data, name) && frame.columns.includes(name);
}

/** Picks rows by index into a new frame (all columns). */
export function takeRows(frame: DataFrame, indices: ArrayLike<number>): DataFrame {
  const data: Record<string, unknown[]> = {};
  const n = indices.length;
  for (const c of frame.columns) {
    const src = getColumn(frame, c);
    const dst = new Array<unknown>(n);
    for (let i = 0; i < n; i++) dst[i] = src[indices[i] as number];
    data[c] = dst;
  }
  return { columns: [...frame.columns], data };
}

/** Returns a new frame with `name` set (appended when new, replaced in place otherwise). */
export function withColumn(frame: DataFrame, name: string, values: unknown[]): DataFrame {
  const columns = frame.columns.includes(name) ? [...frame.columns] : [...frame.columns, name];
  return { columns, data: { ...frame.data, [name]: values } };
}
