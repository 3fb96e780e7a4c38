import type { BigNumberTrendline } from '@vitrina/common/viz/bigNumberTotal/index';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);

/** The area under the line fades from the line's colour to the background. */
export type AreaFill = (top: string, bottom: string) => unknown;

/**
 * The trend line's ECharts option, as Superset draws it: a smooth line without axes filling the box,
 * the area under it shaded, a tooltip with the period and the formatted value.
 */
export function trendlineOption(trendline: BigNumberTrendline, background: string, areaFill: AreaFill) {
  const { points, color, startYAxisAtZero, formatTime, formatValue } = trendline;
  return {
    animation: false,
    grid: { left: 0, right: 0, top: 0, bottom: 0 },
    xAxis: { type: 'time', show: false, min: points[0]?.[0], max: points.at(-1)?.[0] },
    yAxis: { type: 'value', show: false, scale: !startYAxisAtZero },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const first = (Array.isArray(params) ? params[0] : params) as
          | { data?: [number, number | null] }
          | undefined;
        if (!first?.data) return '';
        const [time, value] = first.data;
        return `${escapeHtml(formatTime(time))}<br/><b>${escapeHtml(formatValue(value))}</b>`;
      },
    },
    series: [
      {
        type: 'line',
        data: points,
        smooth: true,
        symbol: 'circle',
        symbolSize: 10,
        showSymbol: false,
        color,
        areaStyle: { color: areaFill(color, background) },
      },
    ],
  };
}
