import fs from 'node:fs';

/**
 * A streaming pass over a CSV file that finds the first record whose number of fields differs from the
 * header's, so a malformed file is refused naming the line (DuckDB's sniffer only says it could not
 * detect the dialect when the bad row falls in its sample). Quotes follow RFC 4180 (`"` doubled inside).
 * Memory stays bounded: the file is read in chunks and only counters are kept.
 */
export interface CsvShapeProblem {
  line: number;
  expected: number;
  found: number;
}

export async function findCsvShapeProblem(
  file: string,
  options: { delimiter: string; skipLines: number; quote?: string },
): Promise<CsvShapeProblem | null> {
  const quote = options.quote ?? '"';
  const delimiter = options.delimiter;
  let line = 1;
  let recordLine = 1;
  let fields = 1;
  let inQuotes = false;
  let pendingQuote = false;
  let recordHasContent = false;
  let expected: number | null = null;
  let previousWasCr = false;

  const endRecord = (): CsvShapeProblem | null => {
    const blank = !recordHasContent && fields === 1;
    const current = recordLine;
    const count = fields;
    fields = 1;
    recordHasContent = false;
    if (current <= options.skipLines || blank) return null;
    if (expected === null) {
      expected = count;
      return null;
    }
    return count === expected ? null : { line: current, expected, found: count };
  };

  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 16 })) {
    const text = chunk as string;
    for (let i = 0; i < text.length; i++) {
      const char = text[i]!;
      if (pendingQuote) {
        pendingQuote = false;
        if (char === quote) {
          // An escaped quote inside a quoted field.
          recordHasContent = true;
          continue;
        }
        inQuotes = false;
      }
      if (inQuotes) {
        if (char === quote) pendingQuote = true;
        else if (char === '\n') line++;
        continue;
      }
      if (char === '\n') {
        if (!previousWasCr) {
          const problem = endRecord();
          if (problem) return problem;
        }
        previousWasCr = false;
        line++;
        recordLine = line;
        continue;
      }
      if (char === '\r') {
        const problem = endRecord();
        if (problem) return problem;
        previousWasCr = true;
        continue;
      }
      previousWasCr = false;
      if (char === quote) {
        inQuotes = true;
        recordHasContent = true;
      } else if (char === delimiter) {
        fields++;
        recordHasContent = true;
      } else {
        recordHasContent = true;
      }
    }
  }
  if (pendingQuote) inQuotes = false;
  if (inQuotes) return { line: recordLine, expected: expected ?? fields, found: fields };
  return endRecord();
}
