/**
 * PostgreSQL's `COPY … TO STDOUT (FORMAT csv)` output turned into the bytes flows/export/csv.ts
 * writes. COPY already quotes a field holding the delimiter, a quote, CR or LF, and doubles quotes, as
 * writeCsv does; three differences remain, and this pass mends them as the bytes go by:
 *   - COPY ends lines with LF: writeCsv's newline (CRLF by default) is written instead, outside quotes;
 *   - COPY writes an empty string as `""` (NULL is the empty field): writeCsv writes both as nothing;
 *   - writeCsv also quotes a field with a blank or tab at either end, which COPY leaves bare.
 * A field cut by a chunk's end waits for the next chunk, so the output does not depend on chunking.
 */

const QUOTE = 0x22;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

export interface CopyCsvRewriter {
  /** The rewritten bytes of everything up to the last whole field of `chunk` (and what waited). */
  push(chunk: Buffer): Buffer;
  /** What is left at the end of the input (COPY ends every line, so normally nothing). */
  end(): Buffer;
}

export function copyCsvRewriter(options: { delimiter: string; newline: '\r\n' | '\n' }): CopyCsvRewriter {
  const delimiter = options.delimiter.charCodeAt(0);
  if (options.delimiter.length !== 1 || delimiter > 0x7f) {
    throw new Error(`COPY needs a one-byte delimiter: ${JSON.stringify(options.delimiter)}`);
  }
  const crlf = options.newline === '\r\n';
  let waiting: Buffer | null = null;

  const blank = (byte: number | undefined) => byte === SPACE || byte === TAB;

  /** Rewrites whole fields of `input`; returns the output and where the unfinished field starts. */
  const rewrite = (input: Buffer, final: boolean): { out: Buffer; rest: number } => {
    // Each line may gain a CR, each bare field two quotes: at most twice the input.
    const out = Buffer.allocUnsafe(input.length * 2 + 2);
    let written = 0;
    // input[copied, at) is copied as it is at the next change.
    let copied = 0;
    const flush = (until: number) => {
      if (until > copied) written += input.copy(out, written, copied, until);
    };
    let at = 0;
    const length = input.length;
    while (at < length) {
      const start = at;
      let end: number;
      if (input[at] === QUOTE) {
        // A quoted field ends at a quote not followed by another.
        let scan = at + 1;
        for (;;) {
          const next = input.indexOf(QUOTE, scan);
          // A quote at the chunk's end may be the first of a doubled one: wait, unless nothing follows.
          if (next < 0 || (next + 1 >= length && !final)) {
            end = -1;
            break;
          }
          if (input[next + 1] === QUOTE) scan = next + 2;
          else {
            end = next + 1;
            break;
          }
        }
        if (end < 0) break;
        if (end === start + 2) {
          // `""`: an empty string, written as an empty field.
          flush(start);
          copied = end;
        }
      } else {
        let scan = at;
        while (scan < length) {
          const byte = input[scan];
          if (byte === delimiter || byte === LF) break;
          scan++;
        }
        if (scan >= length && !final) break;
        end = scan;
        if (end > start && (blank(input[start]) || blank(input[end - 1]))) {
          flush(start);
          out[written++] = QUOTE;
          copied = start;
          flush(end);
          out[written++] = QUOTE;
          copied = end;
        }
      }
      if (end >= length) {
        at = end;
        break;
      }
      if (input[end] === LF && crlf) {
        flush(end);
        out[written++] = 0x0d;
        copied = end;
      }
      at = end + 1;
    }
    flush(at);
    return { out: out.subarray(0, written), rest: at };
  };

  return {
    push(chunk) {
      const input: Buffer = waiting ? Buffer.concat([waiting, chunk]) : chunk;
      const { out, rest } = rewrite(input, false);
      waiting = rest < input.length ? Buffer.from(input.subarray(rest)) : null;
      return out;
    },
    end() {
      if (!waiting) return Buffer.alloc(0);
      const input = waiting;
      waiting = null;
      return rewrite(input, true).out;
    },
  };
}
