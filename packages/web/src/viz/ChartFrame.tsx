import { type ChartDataResult, type DatasourceMeta, FAST_DEBOUNCE_MS, type FormData } from '@vitrina/common';
import { Alert, Flex, Spin } from 'antd';
import { type CSSProperties, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../components/ErrorBox.tsx';
import { ChartRenderer, type ChartRendererProps } from './ChartRenderer.tsx';
import { type ChartFailure, chartFailureText } from './chartFailure.ts';
import { NoResults } from './NoResults.tsx';
import type { ChartStatus } from './types.ts';
import { useElementSize } from './useElementSize.ts';

/** What the frame hands through to the renderer unchanged. */
type RenderOptions = Pick<
  ChartRendererProps,
  | 'labelColors'
  | 'ownState'
  | 'onOwnStateChange'
  | 'onEvents'
  | 'onDrawingPending'
  | 'decorateOption'
  | 'onCrossFilter'
  | 'crossFilterSelection'
  | 'onCrossFilterDimensions'
  | 'crossFilterTuples'
>;

/** The spec's default chart box: 400 px high, as wide as its container. */
export const DEFAULT_CHART_HEIGHT = 400;
export const DEFAULT_CHART_WIDTH = '100%';

export interface ChartFrameProps extends RenderOptions {
  status: ChartStatus;
  vizType: string;
  formData: FormData;
  datasource: DatasourceMeta;
  /** The last answer of the chart data call; kept (dimmed) while the next one loads. */
  queriesData?: ChartDataResult[] | null;
  /** Set when status is 'failed'. */
  failure?: ChartFailure | null;
  width?: number | string;
  height?: number | string;
}

/** Every query came back without a row. */
export function hasNoResults(queriesData: readonly ChartDataResult[]): boolean {
  return queriesData.every((query) => !query.data || query.data.length === 0);
}

/**
 * The chart area of explore and dashboards: measures its own box and shows the chart's state there —
 * a spinner while loading, the chart, the error box of a failed query, the stopped notice, or
 * 'No Results' when every query returned no rows.
 */
export function ChartFrame({
  status,
  vizType,
  formData,
  datasource,
  queriesData,
  failure,
  width = DEFAULT_CHART_WIDTH,
  height = DEFAULT_CHART_HEIGHT,
  onDrawingPending,
  ...renderOptions
}: ChartFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  // A resized box redraws its chart once the resizing settles.
  const size = useElementSize(box, FAST_DEBOUNCE_MS);
  // Data in hand is not a drawn chart while its ECharts parts still download.
  const [drawingPending, setDrawingPending] = useState(false);
  const shownStatus = (status === 'success' || status === 'rendered') && drawingPending ? 'loading' : status;

  const style: CSSProperties = { position: 'relative', width, height, overflow: 'hidden' };
  return (
    <div ref={box} style={style} className="vitrina-chart-frame" data-chart-status={shownStatus}>
      {size.width > 0 && size.height > 0 && (
        <FrameContent
          status={status}
          vizType={vizType}
          formData={formData}
          datasource={datasource}
          queriesData={queriesData ?? null}
          failure={failure ?? null}
          width={size.width}
          height={size.height}
          renderOptions={{
            ...renderOptions,
            onDrawingPending: (pending) => {
              setDrawingPending(pending);
              onDrawingPending?.(pending);
            },
          }}
        />
      )}
    </div>
  );
}

interface FrameContentProps {
  status: ChartStatus;
  vizType: string;
  formData: FormData;
  datasource: DatasourceMeta;
  queriesData: ChartDataResult[] | null;
  failure: ChartFailure | null;
  width: number;
  height: number;
  renderOptions: RenderOptions;
}

function FrameContent({
  status,
  vizType,
  formData,
  datasource,
  queriesData,
  failure,
  width,
  height,
  renderOptions,
}: FrameContentProps) {
  const { t } = useTranslation();

  const chart = (data: ChartDataResult[]) =>
    hasNoResults(data) ? (
      <NoResults width={width} height={height} />
    ) : (
      <ChartRenderer
        vizType={vizType}
        formData={formData}
        queriesData={data}
        datasource={datasource}
        width={width}
        height={height}
        {...renderOptions}
      />
    );

  switch (status) {
    case 'idle':
      return null;
    case 'loading':
      return (
        <>
          {queriesData && <Dimmed>{chart(queriesData)}</Dimmed>}
          <Flex
            align="center"
            justify="center"
            style={{ position: 'absolute', inset: 0 }}
            role="progressbar"
            aria-label={t('viz.chartState.loading')}
          >
            <Spin size="large" />
          </Flex>
        </>
      );
    case 'failed':
      return (
        <Scrollable>
          {failure?.kind === 'server' ? (
            // The server's typed errors (a refused grant, a database error …) draw their own component.
            <ErrorBox error={failure.error} />
          ) : failure ? (
            // A load failure is the spec's 'ERROR' panel.
            <ErrorBox
              title={t('errors.panelTitle')}
              message={chartFailureText(failure, t)}
              error={failure.error}
            />
          ) : (
            <ErrorBox title={t('errors.panelTitle')} message={t('viz.chartState.networkError')} />
          )}
        </Scrollable>
      );
    case 'stopped':
      return (
        <Scrollable>
          <Alert type="warning" showIcon role="alert" title={t('viz.chartState.stopped')} />
        </Scrollable>
      );
    case 'success':
    case 'rendered':
      return queriesData ? chart(queriesData) : null;
  }
}

function Dimmed({ children }: { children: ReactNode }) {
  return <div style={{ opacity: 0.4, pointerEvents: 'none' }}>{children}</div>;
}

function Scrollable({ children }: { children: ReactNode }) {
  return <div style={{ height: '100%', overflow: 'auto', padding: 8 }}>{children}</div>;
}
