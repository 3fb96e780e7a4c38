import type { ChartDataResult, DatasourceMeta, FormData, LanguageCode, RenderProps } from '@vitrina/common';
import { Flex, Spin } from 'antd';
import { type ComponentType, lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../components/errors/ErrorBoundary.tsx';
import { useChartSettings } from './chartSettings.tsx';
import { type EChartsEventHandler, EChartsRenderer } from './EChartsRenderer.tsx';
import { RenderError, renderErrorText } from './RenderError.tsx';
import { computeRenderProps } from './renderProps.ts';
import type { ChartComponentProps, CrossFilterSelected, CrossFilterTuples } from './types.ts';

// The types with components of their own load only when a chart of that type is drawn.
const OWN_COMPONENTS: Record<
  Exclude<RenderProps['renderer'], 'echarts'>,
  ComponentType<ChartComponentProps>
> = {
  table: lazy(() => import('./table/Chart.tsx').then((module) => ({ default: module.TableChart }))),
  pivotTable: lazy(() =>
    import('./pivotTable/Chart.tsx').then((module) => ({ default: module.PivotTableChart })),
  ),
  bigNumber: lazy(() =>
    import('./bigNumber/Chart.tsx').then((module) => ({ default: module.BigNumberChart })),
  ),
  popKpi: lazy(() => import('./popKpi/Chart.tsx').then((module) => ({ default: module.PopKpiChart }))),
};

export interface ChartRendererProps {
  vizType: string;
  formData: FormData;
  queriesData: ChartDataResult[];
  datasource: DatasourceMeta;
  width: number;
  height: number;
  /** Dashboard colour assignments, label → colour. */
  labelColors?: Record<string, string>;
  ownState?: Record<string, unknown>;
  onOwnStateChange?: (ownState: Record<string, unknown>) => void;
  /** ECharts events (click for cross-filters); the other renderers ignore them. */
  onEvents?: Record<string, EChartsEventHandler>;
  /** Told whether an ECharts chart waits for its series' and components' code (EChartsRenderer). */
  onDrawingPending?: (pending: boolean) => void;
  /** Draws a dashboard's cross-filter on the ECharts option (what it left out faint). */
  decorateOption?: (option: Record<string, unknown>) => Record<string, unknown>;
  /** A click on a dimension cell of the type's own component (table), for cross-filters. */
  onCrossFilter?: (column: string, value: unknown) => void;
  /** The chart's own cross-filter, for the type's own component to show. */
  crossFilterSelection?: CrossFilterSelected | null;
  /** A click on a pivot table's header or cell: the dimension values it stands for. */
  onCrossFilterDimensions?: (dimensions: Record<string, unknown>) => void;
  /** The chart's own cross-filter on one or several columns, for the pivot table to show. */
  crossFilterTuples?: CrossFilterTuples | null;
}

function languageCode(language: string): LanguageCode {
  return language.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

/**
 * Draws a chart from its data: the type's migrate and transformProps (memoised), then the generic
 * ECharts renderer or the type's own component. Failures of either show the render error.
 */
export function ChartRenderer({
  vizType,
  formData,
  queriesData,
  datasource,
  width,
  height,
  labelColors,
  ownState,
  onOwnStateChange,
  onEvents,
  onDrawingPending,
  decorateOption,
  onCrossFilter,
  crossFilterSelection,
  onCrossFilterDimensions,
  crossFilterTuples,
}: ChartRendererProps) {
  const { i18n, t } = useTranslation();
  const locale = languageCode(i18n.language);
  const { mapboxApiKey } = useChartSettings();

  const outcome = useMemo(
    () =>
      computeRenderProps(vizType, {
        formData,
        queriesData,
        datasource,
        width,
        height,
        locale,
        ...(labelColors ? { labelColors } : {}),
        ...(ownState ? { ownState } : {}),
        ...(mapboxApiKey ? { mapboxApiKey } : {}),
      }),
    [vizType, formData, queriesData, datasource, width, height, locale, labelColors, ownState, mapboxApiKey],
  );

  const echartsOption =
    outcome.ok && outcome.renderProps.renderer === 'echarts' ? outcome.renderProps.option : null;
  const option = useMemo(
    () => (echartsOption && decorateOption ? decorateOption(echartsOption) : echartsOption),
    [echartsOption, decorateOption],
  );

  if (!outcome.ok) return <RenderError error={outcome.error} />;
  const { renderProps } = outcome;

  return (
    <ErrorBoundary resetKey={renderProps} describe={(error) => renderErrorText(error, t)}>
      {renderProps.renderer === 'echarts' ? (
        <EChartsRenderer
          option={option ?? renderProps.option}
          width={renderProps.width}
          height={renderProps.height}
          {...(onEvents ? { onEvents } : {})}
          {...(onDrawingPending ? { onDrawingPending } : {})}
        />
      ) : (
        <OwnComponent
          renderProps={renderProps}
          onOwnStateChange={onOwnStateChange}
          onCrossFilter={onCrossFilter}
          crossFilterSelection={crossFilterSelection}
          onCrossFilterDimensions={onCrossFilterDimensions}
          crossFilterTuples={crossFilterTuples}
        />
      )}
    </ErrorBoundary>
  );
}

function OwnComponent({
  renderProps,
  onOwnStateChange,
  onCrossFilter,
  crossFilterSelection,
  onCrossFilterDimensions,
  crossFilterTuples,
}: {
  renderProps: Exclude<RenderProps, { renderer: 'echarts' }>;
  onOwnStateChange: ChartRendererProps['onOwnStateChange'];
  onCrossFilter: ChartRendererProps['onCrossFilter'];
  crossFilterSelection: ChartRendererProps['crossFilterSelection'];
  onCrossFilterDimensions: ChartRendererProps['onCrossFilterDimensions'];
  crossFilterTuples: ChartRendererProps['crossFilterTuples'];
}) {
  const Chart = OWN_COMPONENTS[renderProps.renderer];
  return (
    <Suspense
      fallback={
        <Flex
          align="center"
          justify="center"
          style={{ width: renderProps.width, height: renderProps.height }}
        >
          <Spin />
        </Flex>
      }
    >
      <Chart
        props={renderProps.props}
        width={renderProps.width}
        height={renderProps.height}
        {...(onOwnStateChange ? { onOwnStateChange } : {})}
        {...(onCrossFilter ? { onCrossFilter, crossFilterSelection: crossFilterSelection ?? null } : {})}
        {...(onCrossFilterDimensions
          ? { onCrossFilterDimensions, crossFilterTuples: crossFilterTuples ?? null }
          : {})}
      />
    </Suspense>
  );
}
