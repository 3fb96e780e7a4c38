/**
 * The spec's tooltip line clamps (20 and 40): a tooltip lists at most 20 lines of series, the rest
 * counted in a last line, so a chart of many series keeps its tooltip inside the chart; and a line's
 * label (a series or category name, a heading) shows at most 40 characters, so one long name does not
 * stretch the tooltip across the page. The legend and the data keep the full names.
 */
export const TOOLTIP_MAX_LINES = 20;
export const TOOLTIP_MAX_LINE_LENGTH = 40;

/** The text cut to `max` characters (whole code points), ending with '…' when cut. */
export function clampTooltipLine(text: string, max: number = TOOLTIP_MAX_LINE_LENGTH): string {
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/** The first `max` lines, and how many were left out. */
export function clampTooltipLines<T>(
  lines: readonly T[],
  max: number = TOOLTIP_MAX_LINES,
): { shown: T[]; hidden: number } {
  return { shown: lines.slice(0, max), hidden: Math.max(0, lines.length - max) };
}
