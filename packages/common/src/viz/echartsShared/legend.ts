/** Legend placement as Superset's ECharts charts do it: a side of the chart and room kept for it. */
import { numberOf } from './formData.ts';

export const LEGEND_ORIENTATIONS = ['top', 'bottom', 'left', 'right'] as const;
export type LegendOrientation = (typeof LEGEND_ORIENTATIONS)[number];
export const LEGEND_TYPES = ['scroll', 'plain'] as const;
export type LegendType = (typeof LEGEND_TYPES)[number];

/** Room (px) kept for a legend on each side when no legend margin is set. */
const DEFAULT_LEGEND_MARGIN: Record<LegendOrientation, number> = {
  top: 30,
  bottom: 30,
  left: 160,
  right: 160,
};
/** Room around the chart when the legend is on another side or hidden. */
const BASE_PADDING = 10;

export function legendOrientationOf(value: unknown): LegendOrientation {
  return (LEGEND_ORIENTATIONS as readonly unknown[]).includes(value) ? (value as LegendOrientation) : 'top';
}

export function legendTypeOf(value: unknown): LegendType {
  return value === 'plain' ? 'plain' : 'scroll';
}

export interface LegendSettings {
  show: boolean;
  orientation: LegendOrientation;
  type: LegendType;
  margin?: unknown;
}

export function legendOption(settings: LegendSettings, data: string[]): Record<string, unknown> {
  const { show, orientation, type } = settings;
  const vertical = orientation === 'left' || orientation === 'right';
  return {
    show,
    type,
    orient: vertical ? 'vertical' : 'horizontal',
    [orientation]: 0,
    ...(vertical ? { top: 'middle' } : { left: 'center' }),
    data,
  };
}

/** Padding of the series box so that it does not run under the legend. */
export function legendPadding(settings: LegendSettings): {
  top: number;
  right: number;
  bottom: number;
  left: number;
} {
  const padding = { top: BASE_PADDING, right: BASE_PADDING, bottom: BASE_PADDING, left: BASE_PADDING };
  if (settings.show) {
    padding[settings.orientation] = numberOf(settings.margin, DEFAULT_LEGEND_MARGIN[settings.orientation]);
  }
  return padding;
}
