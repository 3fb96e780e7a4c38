import { clampTooltipLine } from './tooltipClamp.ts';

/**
 * Tooltip HTML. ECharts renders a formatter's string as HTML, so every value that comes from data or
 * from users is escaped here.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (char) => ESCAPES[char] as string);
}

/** A small coloured dot before a series name (ECharts' marker, built here so that it is escaped too). */
function marker(color: string | undefined): string {
  return color
    ? `<span style="display:inline-block;margin-right:4px;border-radius:5px;width:10px;height:10px;background-color:${escapeHtml(color)}"></span>`
    : '';
}

/**
 * A title over a table of rows (label, value, more values…), like Superset's tooltip table; `colors`
 * puts a series' dot before the row's label. The title and the labels are clamped to the tooltip's
 * line length (the values never are).
 */
export function tooltipHtml(
  rows: ReadonlyArray<readonly string[]>,
  title?: string,
  colors: ReadonlyArray<string | undefined> = [],
): string {
  const head = title
    ? `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(clampTooltipLine(title))}</div>`
    : '';
  const cell = (text: string, index: number, count: number, color: string | undefined) => {
    const style = `padding:0 ${index === count - 1 ? 0 : 12}px 0 0${index > 0 ? ';text-align:right' : ''}`;
    const shown = index === 0 ? clampTooltipLine(text) : text;
    return `<td style="${style}">${index === 0 ? marker(color) : ''}${escapeHtml(shown)}</td>`;
  };
  const body = rows
    .map(
      (cells, row) =>
        `<tr>${cells.map((text, index) => cell(text, index, cells.length, colors[row])).join('')}</tr>`,
    )
    .join('');
  return rows.length ? `${head}<table>${body}</table>` : head;
}
