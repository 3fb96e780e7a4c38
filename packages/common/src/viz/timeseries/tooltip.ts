/**
 * The tooltip: with rich_tooltip, every series at the hovered x (axis trigger) with the x as a heading
 * in tooltipTimeFormat and a total for stacked charts; otherwise the hovered point only. Values use each
 * series' own formatter; names are escaped, since they are data.
 */
import type { NumberFormatter } from '../../format/number.ts';
import type { TimeFormatter } from '../../format/time.ts';
import { clampTooltipLine, clampTooltipLines } from '../echartsShared/tooltipClamp.ts';
import type { AxisKind } from './axes.ts';
import { escapeHtml } from './format.ts';

export interface TooltipOptions {
  rich: boolean;
  horizontal: boolean;
  xAxisKind: AxisKind;
  timeFormatter: TimeFormatter;
  formatters: ReadonlyMap<string, NumberFormatter>;
  defaultFormatter: NumberFormatter;
  hiddenIds: ReadonlySet<string>;
  /** Series ids that add up to a stack total (stacked, not Expand); null for no total row. */
  totalIds: ReadonlySet<string> | null;
  totalLabel: string;
  /** The last line when series are left out: `{{count}}` is their number. */
  moreLabel: string;
  sortByMetric: boolean;
}

/** What ECharts passes a tooltip formatter for one data item. */
export interface TooltipParam {
  componentType?: string;
  seriesId?: string;
  seriesName?: string;
  name?: string;
  marker?: unknown;
  value?: unknown;
  axisValue?: unknown;
}

function coordinates(param: TooltipParam, horizontal: boolean): { x: unknown; y: number | null } {
  const value = Array.isArray(param.value) ? param.value : [param.axisValue, param.value];
  const [first, second] = value as [unknown, unknown];
  const y = horizontal ? first : second;
  return { x: horizontal ? second : first, y: typeof y === 'number' && Number.isFinite(y) ? y : null };
}

function heading(x: unknown, options: TooltipOptions): string {
  if (x === null || x === undefined) return '';
  if (options.xAxisKind === 'time' && (typeof x === 'number' || typeof x === 'string'))
    return options.timeFormatter(x);
  return String(x);
}

const row = (marker: string, name: string, value: string, bold = false) =>
  `<tr><td>${marker}${escapeHtml(name)}</td>` +
  `<td style="text-align:right;padding-left:12px;${bold ? 'font-weight:700' : ''}">${escapeHtml(value)}</td></tr>`;

/** The tooltip's HTML for the hovered item(s). */
export function tooltipHtml(params: TooltipParam | TooltipParam[], options: TooltipOptions): string {
  const list = (Array.isArray(params) ? params : [params]).filter(
    (param) => !options.hiddenIds.has(String(param.seriesId)),
  );
  const first = list[0];
  if (!first) return '';
  // Event and interval annotations: their label is the whole tooltip.
  if (first.componentType === 'markLine' || first.componentType === 'markArea') {
    return escapeHtml(String(first.name ?? '')).replaceAll('\n', '<br/>');
  }
  const entries = list
    .map((param) => ({ param, ...coordinates(param, options.horizontal) }))
    .filter((entry) => entry.y !== null);
  if (options.sortByMetric) entries.sort((a, b) => (b.y as number) - (a.y as number));
  // At most the tooltip's line count of series; the total below still adds up every series.
  const { shown, hidden } = clampTooltipLines(entries);
  const rows = shown.map(({ param, y }) => {
    const format = options.formatters.get(String(param.seriesId)) ?? options.defaultFormatter;
    return row(
      typeof param.marker === 'string' ? param.marker : '',
      clampTooltipLine(String(param.seriesName ?? '')),
      format(y),
    );
  });
  if (hidden > 0) rows.push(row('', options.moreLabel.replace('{{count}}', String(hidden)), ''));
  if (options.totalIds && options.rich) {
    const stacked = entries.filter((entry) => options.totalIds?.has(String(entry.param.seriesId)));
    if (stacked.length > 1) {
      const total = stacked.reduce((sum, entry) => sum + (entry.y as number), 0);
      rows.push(row('', options.totalLabel, options.defaultFormatter(total), true));
    }
  }
  const title = heading(coordinates(first, options.horizontal).x, options);
  return `<div style="font-weight:700;margin-bottom:4px">${escapeHtml(title)}</div><table>${rows.join('')}</table>`;
}

export function tooltipOption(options: TooltipOptions): Record<string, unknown> {
  return {
    trigger: options.rich ? 'axis' : 'item',
    ...(options.rich ? { axisPointer: { type: options.horizontal ? 'shadow' : 'line' } } : {}),
    formatter: (params: TooltipParam | TooltipParam[]) => tooltipHtml(params, options),
  };
}
