import type { ExploreResponse, VizType } from '@vitrina/common';
import { CHART_PLUGINS } from '@vitrina/common/viz/registry';
import { Alert, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../components/index.ts';
import { ChartFrame, toDatasourceMeta, useChartData, useDrawnSignal } from '../../viz/index.ts';
import { buildQueryContext } from './chart/useExploreChart.ts';
import { openExplore } from './state/opening.ts';

const TITLE_HEIGHT = 40;

/**
 * `/explore/?slice_id=…&standalone=1`: the saved chart alone, filling the window, with its name —
 * how a chart is embedded, and what a report's picture or a thumbnail of a chart shows. The page
 * says when it has drawn (viz/drawnSignal.ts).
 */
export function StandaloneChart({ response }: { response: ExploreResponse }) {
  const { i18n } = useTranslation();
  const [opening] = useState(() => openExplore(response, null, (vizType: VizType) => CHART_PLUGINS[vizType]));
  const formData = opening.state.formData;
  const datasource = useMemo(
    () => toDatasourceMeta(response.dataset, i18n.language),
    [response.dataset, i18n.language],
  );
  const built = useMemo(() => buildQueryContext(formData), [formData]);
  const chart = useChartData(built.context, response.slice ? { sliceId: response.slice.slice_id } : {});
  const drawnRoot = useDrawnSignal();
  const name = localizedName(opening.state.sliceName, opening.sliceNameRu, i18n.language);

  return (
    <div
      ref={drawnRoot}
      data-test="standalone-chart"
      data-drawn="false"
      style={{ height: '100vh', padding: 8, background: '#ffffff' }}
    >
      <Typography.Title
        level={5}
        ellipsis
        style={{ height: TITLE_HEIGHT, margin: 0, lineHeight: `${TITLE_HEIGHT}px` }}
      >
        {name}
      </Typography.Title>
      {built.error ? (
        <div data-chart-status="failed">
          <Alert
            type="error"
            showIcon
            title={built.error instanceof Error ? built.error.message : String(built.error)}
          />
        </div>
      ) : (
        <ChartFrame
          status={chart.status}
          vizType={formData.viz_type}
          formData={formData}
          datasource={datasource}
          queriesData={chart.queriesData}
          failure={chart.failure}
          height={`calc(100vh - ${TITLE_HEIGHT + 16}px)`}
        />
      )}
    </div>
  );
}
