import { getInstanceByDom } from 'echarts/core';

/**
 * The drawn chart as a PNG data URL: the ECharts instance inside `container` renders itself at twice
 * the screen resolution on a white background (its hover layer and transparency left out). Null when
 * the container holds no canvas chart.
 */
export function chartImageDataUrl(container: HTMLElement | null): string | null {
  const host = container?.querySelector<HTMLElement>('[_echarts_instance_]');
  const instance = host ? getInstanceByDom(host) : undefined;
  if (instance && !instance.isDisposed())
    return instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#ffffff' });
  const canvas = container?.querySelector('canvas');
  return canvas ? canvas.toDataURL('image/png') : null;
}
