/** Values pasted into a select: split on comma, newline, tab or semicolon (spec §5), trimmed, blanks and repeats dropped. */
export function splitPastedValues(text: string): string[] {
  const values: string[] = [];
  for (const part of text.split(/[,\n\r\t;]/)) {
    const value = part.trim();
    if (value && !values.includes(value)) values.push(value);
  }
  return values;
}
