/**
 * Legend, zoom and the plot's padding: a scrolling or plain legend on any side, the zoom slider and
 * toolbox when the chart is zoomable, and grid margins that leave them room (axis labels are kept
 * inside the grid's outer bounds by ECharts 6 itself).
 */
import type { LanguageCode } from '../../api/security.ts';
import type { LegendOptions } from './formData.ts';
import { chartText } from './messages.ts';

const GRID_OFFSET = 20;
const LEGEND_HORIZONTAL_SPACE = 30;
const LEGEND_VERTICAL_SPACE = 160;
const ZOOM_SLIDER_SPACE = 50;

export function legendOption(legend: LegendOptions, names: string[]): Record<string, unknown> {
  const vertical = legend.orientation === 'left' || legend.orientation === 'right';
  return {
    show: legend.show,
    type: legend.type,
    orient: vertical ? 'vertical' : 'horizontal',
    [legend.orientation]: 0,
    ...(vertical ? { top: 'middle' } : {}),
    data: names,
  };
}

export function gridOption(legend: LegendOptions, zoomable: boolean): Record<string, number> {
  const space = (side: LegendOptions['orientation']) =>
    legend.show && legend.orientation === side
      ? side === 'top' || side === 'bottom'
        ? LEGEND_HORIZONTAL_SPACE
        : LEGEND_VERTICAL_SPACE
      : 0;
  return {
    top: GRID_OFFSET + space('top') + (zoomable ? LEGEND_HORIZONTAL_SPACE : 0),
    bottom: GRID_OFFSET + space('bottom') + (zoomable ? ZOOM_SLIDER_SPACE : 0),
    left: GRID_OFFSET + space('left'),
    right: GRID_OFFSET + space('right'),
  };
}

/** A slider under the plot plus wheel panning, on the dimension axis (y for horizontal bars). */
export function dataZoomOption(legend: LegendOptions, horizontal: boolean): Array<Record<string, unknown>> {
  const axis = horizontal ? { yAxisIndex: 0 } : { xAxisIndex: 0 };
  const bottom = 10 + (legend.show && legend.orientation === 'bottom' ? LEGEND_HORIZONTAL_SPACE : 0);
  return [
    { type: 'slider', start: 0, end: 100, bottom, ...axis },
    { type: 'inside', zoomOnMouseWheel: false, moveOnMouseWheel: true, ...axis },
  ];
}

export function toolboxOption(locale: LanguageCode, horizontal: boolean): Record<string, unknown> {
  return {
    show: true,
    top: 0,
    right: 5,
    feature: {
      dataZoom: {
        ...(horizontal ? { xAxisIndex: 'none' } : { yAxisIndex: 'none' }),
        title: { zoom: chartText(locale, 'zoomArea'), back: chartText(locale, 'restoreZoom') },
      },
    },
  };
}
