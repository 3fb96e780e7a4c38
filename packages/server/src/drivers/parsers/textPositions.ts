/**
 * Parsers report positions in their own units: sqlparser-rs in 1-based lines and columns of Unicode
 * characters, PostgreSQL in UTF-8 bytes. JavaScript strings index UTF-16 code units.
 */

/** The string index of each (line, column) a sqlparser-rs span can name. */
export class LineColumnIndex {
  private readonly lineStarts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') this.lineStarts.push(i + 1);
  }

  /** The string index of a 1-based line and column; the end of the text when past it. */
  offset(line: number, column: number): number {
    const start = this.lineStarts[line - 1];
    if (start === undefined) return this.text.length;
    let index = start;
    for (let characters = 1; characters < column && index < this.text.length; characters++) {
      index += (this.text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
    }
    return index;
  }
}

/** The text between two UTF-8 byte offsets. */
export function sliceUtf8(text: string, start: number, end: number): string {
  return Buffer.from(text, 'utf8').subarray(start, end).toString('utf8');
}
