import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EChartsType, echartsLocale, init } from './echarts.ts';
import { forScreenshot } from './screenshotMode.ts';

/** An ECharts event handler, e.g. for 'click' (the source of cross-filters). */
export type EChartsEventHandler = (params: unknown) => void;

export interface EChartsRendererProps {
  /** A complete ECharts option, as transformProps made it. */
  option: Record<string, unknown>;
  width: number;
  height: number;
  /** Event name → handler, e.g. `{ click: (params) => … }`. */
  onEvents?: Record<string, EChartsEventHandler>;
}

/**
 * Draws `{renderer: 'echarts', option}`: one ECharts instance while mounted (a new one when the UI
 * language changes, since ECharts fixes the locale at init), the option replaced whole on every change,
 * resized with its box, disposed on unmount.
 */
export function EChartsRenderer({ option, width, height, onEvents }: EChartsRendererProps) {
  const { i18n } = useTranslation();
  const locale = echartsLocale(i18n.language);
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const handlers = useRef(onEvents);
  handlers.current = onEvents;

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const instance = init(node, null, { renderer: 'canvas', locale });
    // The page's drawn signal (drawnSignal.ts): false from each new option until its frame is done.
    instance.on('finished', () => {
      node.dataset.echartsDrawn = 'true';
    });
    setChart(instance);
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => instance.resize());
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      instance.dispose();
      setChart(null);
    };
  }, [locale]);

  useEffect(() => {
    // notMerge: series or axes the new option dropped must not linger from the old one.
    if (!chart || !container.current) return;
    container.current.dataset.echartsDrawn = 'false';
    chart.setOption(forScreenshot(option), { notMerge: true });
  }, [chart, option]);

  useEffect(() => {
    chart?.resize({ width, height });
  }, [chart, width, height]);

  const eventNames = Object.keys(onEvents ?? {})
    .sort()
    .join(',');
  useEffect(() => {
    if (!chart || !eventNames) return;
    // Bound once per set of names; the latest handler is looked up at call time.
    const bound = eventNames.split(',').map((name) => {
      const handler = (params: unknown) => handlers.current?.[name]?.(params);
      chart.on(name, handler);
      return [name, handler] as const;
    });
    return () => {
      if (chart.isDisposed()) return;
      for (const [name, handler] of bound) chart.off(name, handler);
    };
  }, [chart, eventNames]);

  return (
    <div
      ref={container}
      style={{ width, height }}
      data-testid="echarts-container"
      data-echarts-drawn="false"
    />
  );
}
