/** The separators the spec splits pasted select values on: comma, newline, tab, semicolon. */
export const PASTE_SEPARATORS = [',', '\n', '\t', ';'] as const;

const SEPARATOR_PATTERN = /[,\n\r\t;]/;

/** Whether pasted text holds more than one value. */
export function hasSeparators(text: string): boolean {
  return SEPARATOR_PATTERN.test(text);
}

/** Pasted text as values: split on the separators, trimmed, empties and repeats dropped, order kept. */
export function splitPastedValues(text: string): string[] {
  const values: string[] = [];
  for (const part of text.split(/[,\n\r\t;]+/)) {
    const value = part.trim();
    if (value && !values.includes(value)) values.push(value);
  }
  return values;
}
