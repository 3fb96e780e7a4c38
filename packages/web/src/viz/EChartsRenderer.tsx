import { Flex, Spin } from 'antd';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EChartsType, echartsLocale, init } from './echarts.ts';
import { loadParts, partsOf, partsRegisteredAt, registrationCount } from './echartsParts.ts';
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
  /**
   * Told true while the option's series and components download (the chart is not drawn and cannot be
   * clicked yet), false once the instance has the option.
   */
  onDrawingPending?: (pending: boolean) => void;
}

/**
 * Draws `{renderer: 'echarts', option}`: one ECharts instance while mounted, made once the option's
 * series and components are registered (a new one when the UI language changes, since ECharts fixes the
 * locale at init, or when the option needs a part registered after it was made), the option replaced
 * whole on every change, resized with its box, disposed on unmount.
 */
export function EChartsRenderer({ option, width, height, onEvents, onDrawingPending }: EChartsRendererProps) {
  const { i18n } = useTranslation();
  const locale = echartsLocale(i18n.language);
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const handlers = useRef(onEvents);
  handlers.current = onEvents;
  const pendingListener = useRef(onDrawingPending);
  pendingListener.current = onDrawingPending;

  const parts = useMemo(() => partsOf(option), [option]);
  const [, partsLoaded] = useState(0);
  const partsAt = partsRegisteredAt(parts);
  // The registration count when the current instance was made; null before the first.
  const [madeAt, setMadeAt] = useState<number | null>(null);
  if (partsAt !== null && (madeAt === null || partsAt > madeAt)) setMadeAt(registrationCount());

  useEffect(() => {
    if (partsAt !== null) return;
    let current = true;
    loadParts(parts).then(
      () => current && partsLoaded((count) => count + 1),
      // The render error boundary shows a failed download like any other drawing failure.
      (error: unknown) =>
        current &&
        partsLoaded(() => {
          throw error;
        }),
    );
    return () => {
      current = false;
    };
  }, [parts, partsAt]);

  // Before paint, so the chart never shows as drawn while its parts download.
  useLayoutEffect(() => {
    if (partsAt === null) pendingListener.current?.(true);
  }, [partsAt]);
  useEffect(() => () => pendingListener.current?.(false), []);

  useEffect(() => {
    const node = container.current;
    if (!node || madeAt === null) return;
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
  }, [locale, madeAt]);

  useEffect(() => {
    // notMerge: series or axes the new option dropped must not linger from the old one.
    // Not before the instance made after the option's parts (it replaces the one that lacks them).
    if (!chart || chart.isDisposed() || !container.current) return;
    if (partsAt === null || partsAt > (madeAt ?? 0)) return;
    container.current.dataset.echartsDrawn = 'false';
    chart.setOption(forScreenshot(option), { notMerge: true });
    pendingListener.current?.(false);
  }, [chart, option, partsAt, madeAt]);

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
    <div style={{ position: 'relative', width, height }}>
      <div
        ref={container}
        style={{ width, height }}
        data-testid="echarts-container"
        data-echarts-drawn="false"
      />
      {partsAt === null && (
        <Flex align="center" justify="center" style={{ position: 'absolute', inset: 0 }}>
          <Spin />
        </Flex>
      )}
    </div>
  );
}
