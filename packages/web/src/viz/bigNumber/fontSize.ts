/** Width of a character as a share of the font size: digits and most letters stay within it. */
const CHARACTER_WIDTH = 0.62;

/** The largest font size up to `maxSize` at which `text` fits in one line of `width` pixels. */
export function fittedFontSize(text: string, maxSize: number, width: number): number {
  const characters = Math.max(1, [...text].length);
  return Math.max(1, Math.floor(Math.min(maxSize, width / (characters * CHARACTER_WIDTH))));
}
