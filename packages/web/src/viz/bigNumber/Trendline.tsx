import type { BigNumberTrendline } from '@vitrina/common/viz/bigNumberTotal/index';
import { theme } from 'antd';
import { graphic } from 'echarts/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type EChartsType, init } from '../echarts.ts';
import { useEChartsParts } from '../echartsParts.ts';
import { forScreenshot } from '../screenshotMode.ts';
import { trendlineOption } from './trendlineOption.ts';

const areaFill = (top: string, bottom: string) =>
  new graphic.LinearGradient(0, 0, 0, 1, [
    { offset: 0, color: top },
    { offset: 1, color: bottom },
  ]);

/**
 * The big number's trend line, drawn in its own small ECharts instance once the parts a small line needs
 * are loaded (echartsParts.ts): the big number does not pull in the whole chart set.
 */
export function Trendline({
  trendline,
  width,
  height,
}: {
  trendline: BigNumberTrendline;
  width: number;
  height: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const [chart, setChart] = useState<EChartsType | null>(null);
  const option = useMemo(
    () => forScreenshot(trendlineOption(trendline, token.colorBgContainer, areaFill)),
    [trendline, token.colorBgContainer],
  );
  const parts = useEChartsParts(option);

  useEffect(() => {
    if (!box.current || parts === null) return;
    const node = box.current;
    const instance = init(node, null, { renderer: 'canvas' });
    instance.on('finished', () => {
      node.dataset.echartsDrawn = 'true';
    });
    setChart(instance);
    return () => {
      instance.dispose();
      node.dataset.echartsDrawn = 'false';
      setChart(null);
    };
  }, [parts]);

  useEffect(() => {
    if (!chart || !box.current) return;
    box.current.dataset.echartsDrawn = 'false';
    chart.setOption(option, { notMerge: true });
  }, [chart, option]);

  useEffect(() => {
    chart?.resize({ width, height });
  }, [chart, width, height]);

  return (
    <div ref={box} style={{ width, height }} data-testid="big-number-trendline" data-echarts-drawn="false" />
  );
}
