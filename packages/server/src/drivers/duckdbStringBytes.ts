import type { DuckDBDataChunk } from '@duckdb/node-api';
import bindings from '@duckdb/node-bindings';

/** duckdb_string_t: a 4-byte length, then up to 12 bytes inline or (past 12) a pointer at byte 8. */
const SLOT = 16;
const INLINE = 12;
const TWO_32 = 2 ** 32;

/**
 * A VARCHAR (or BLOB) vector's bytes, row after row, without decoding them and skipping NULLs: the
 * CSV lines of drivers/duckdb.ts, one per row. Reading each row's bytes is a native call and a new
 * buffer, which cost as much as DuckDB building the line (a microsecond a row). But DuckDB writes a
 * string function's results one after another into the vector's string heap, so most rows start
 * exactly where the previous one ends: such a run is read with one call, a few per 2,048-row chunk.
 * A run holds only the rows' own bytes (each next row starts at the previous end, nothing between),
 * so nothing outside the rows' strings is ever read; rows stored elsewhere simply start a new run.
 * `ends`, when given (one slot a row), gets the offset just past each row's bytes.
 */
export function stringVectorBytes(chunk: DuckDBDataChunk, column: number, ends?: Uint32Array): Buffer {
  const rows = chunk.rowCount;
  const vector = bindings.data_chunk_get_vector(chunk.chunk, column);
  const data = bindings.vector_get_data(vector, rows * SLOT);
  const validity = bindings.vector_get_validity(vector, Math.ceil(rows / 64) * 8);
  const buffer = data.buffer as ArrayBuffer;
  const base = data.byteOffset;
  const view = new DataView(buffer, base, data.byteLength);
  const valid = (row: number) => !validity || ((validity[row >> 3] ?? 0) & (1 << (row & 7))) !== 0;
  let total = 0;
  for (let row = 0; row < rows; row++) if (valid(row)) total += view.getUint32(row * SLOT, true);
  const out = Buffer.allocUnsafe(total);
  let written = 0;
  // The open run: the slot whose pointer starts it, its length, and the address just past its end.
  let runSlot = -1;
  let runLength = 0;
  let runEnd = -1;
  const flush = () => {
    if (runSlot < 0) return;
    out.set(bindings.get_data_from_pointer(buffer, base + runSlot + 8, runLength), written);
    written += runLength;
    runSlot = -1;
  };
  let end = 0;
  for (let row = 0; row < rows; row++) {
    if (!valid(row)) {
      if (ends) ends[row] = end;
      continue;
    }
    const slot = row * SLOT;
    const size = view.getUint32(slot, true);
    end += size;
    if (ends) ends[row] = end;
    if (size <= INLINE) {
      flush();
      for (let i = 0; i < size; i++) out[written + i] = data[slot + 4 + i]!;
      written += size;
      continue;
    }
    // User-space addresses fit in 48 bits: exact as a JavaScript number.
    const pointer = view.getUint32(slot + 8, true) + view.getUint32(slot + 12, true) * TWO_32;
    if (runSlot >= 0 && pointer === runEnd) {
      runLength += size;
    } else {
      flush();
      runSlot = slot;
      runLength = size;
    }
    runEnd = pointer + size;
  }
  flush();
  return out;
}
