import type { BigNumberTrendline } from '@vitrina/common/viz/bigNumberTotal/index';
import { theme } from 'antd';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { graphic, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { forScreenshot } from '../screenshotMode.ts';
import { trendlineOption } from './trendlineOption.ts';

// Only what a small line needs: the big number does not pull in the whole chart set.
use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

const areaFill = (top: string, bottom: string) =>
  new graphic.LinearGradient(0, 0, 0, 1, [
    { offset: 0, color: top },
    { offset: 1, color: bottom },
  ]);

/** The big number's trend line, drawn in its own small ECharts instance. */
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
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const node = box.current;
    const instance = init(node, null, { renderer: 'canvas' });
    instance.on('finished', () => {
      node.dataset.echartsDrawn = 'true';
    });
    chart.current = instance;
    return () => {
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!chart.current || !box.current) return;
    box.current.dataset.echartsDrawn = 'false';
    chart.current.setOption(forScreenshot(trendlineOption(trendline, token.colorBgContainer, areaFill)), {
      notMerge: true,
    });
  }, [trendline, token.colorBgContainer]);

  useEffect(() => {
    chart.current?.resize({ width, height });
  }, [width, height]);

  return (
    <div ref={box} style={{ width, height }} data-testid="big-number-trendline" data-echarts-drawn="false" />
  );
}
