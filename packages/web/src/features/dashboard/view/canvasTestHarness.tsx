import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type {
  DashboardChartDto,
  DashboardDto,
  DashboardLayout,
  Dataset,
  LanguageCode,
} from '@vitrina/common';
import { createLabelColorMap, withParents } from '@vitrina/common';
import { type ReactNode, useReducer, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { datasetKeys } from '../../../api/datasets.ts';
import { type ChartDataFetcher, ChartDataFetcherContext } from '../../../viz/index.ts';
import { renderIn } from '../../../viz/testUtils.tsx';
import { DashboardContext } from '../context.ts';
import { type EditActions, EditActionsContext } from '../edit/editActions.ts';
import type { DashboardPermissions } from '../permissions.ts';
import { initialSession, sessionReducer } from '../state/sessionReducer.ts';
import { CanvasContext, type CanvasContextValue } from './canvasContext.ts';

/** Test data and a harness that draws the layout with the page's contexts (tests only). */
export const DATASET = {
  id: 3,
  datasource_type: 'table',
  verbose_map: {},
  columns: [
    { column_name: 'name', verbose_name: null, verbose_name_ru: null, type_generic: 1, is_dttm: false },
  ],
  metrics: [
    { metric_name: 'count', verbose_name: null, verbose_name_ru: null, d3format: null, currency: null },
  ],
} as unknown as Dataset;

export function chartDto(id: number, overrides: Partial<DashboardChartDto> = {}): DashboardChartDto {
  return {
    id,
    uuid: `uuid-${id}`,
    slice_name: `Chart ${id}`,
    slice_name_ru: null,
    viz_type: 'big_number_total',
    cache_timeout: null,
    changed_on: '2026-01-01T00:00:00',
    description: null,
    form_data: { viz_type: 'big_number_total', datasource: '3__table', metric: 'count', slice_id: id },
    slice_url: `/explore/?slice_id=${id}`,
    certified_by: null,
    certification_details: null,
    ...overrides,
  };
}

const DASHBOARD = { id: 7, dashboard_title: 'Births', owners: [] } as unknown as DashboardDto;
const ALL: DashboardPermissions = {
  edit: true,
  save: true,
  share: true,
  explore: true,
  shareChart: true,
  csv: true,
  viewQuery: true,
  embed: true,
};

/** A layout from nodes given as [id, type, children, meta], with parents filled in. */
export function layoutOf(
  nodes: Array<[string, string, string[], Record<string, unknown>?]>,
): DashboardLayout {
  const layout: DashboardLayout = {};
  for (const [id, type, children, meta] of nodes) {
    layout[id] = { id, type: type as never, children, meta: meta ?? {} };
  }
  return withParents(layout);
}

interface HarnessOptions {
  layout: DashboardLayout;
  charts?: DashboardChartDto[];
  editing?: boolean;
  language?: LanguageCode;
  fetcher?: ChartDataFetcher;
  canvas?: Partial<CanvasContextValue>;
  /** Stand-ins for the editing actions (edit mode). */
  edits?: EditActions;
  children: ReactNode;
}

function Harness({
  layout,
  charts = [],
  editing = false,
  fetcher,
  canvas,
  edits,
  children,
}: Omit<HarnessOptions, 'language'>) {
  const [session, dispatch] = useReducer(sessionReducer, null, () => ({
    ...sessionReducer(initialSession(), {
      type: 'load',
      layout,
      css: '',
      metadata: {},
      title: 'Births',
      titleRu: '',
      properties: initialSession().properties,
    }),
    editing,
  }));
  const [activeTabs, setActiveTabs] = useState<Record<string, string>>({});
  const [queryClient] = useState(() => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(datasetKeys.detail(DATASET.id), DATASET);
    return client;
  });
  const canvasValue: CanvasContextValue = {
    focusedChartId: null,
    hideTab: false,
    hideChartControls: false,
    forceFirstLoad: false,
    labelColors: createLabelColorMap({}),
    addedCharts: new Map(),
    activeTabs,
    setActiveTab: (tabsId, tabId) => setActiveTabs((current) => ({ ...current, [tabsId]: tabId })),
    fullscreenChartId: null,
    setFullscreenChartId: () => {},
    reportTabs: null,
    ...canvas,
  };
  const content = (
    <QueryClientProvider client={queryClient}>
      <DashboardContext.Provider
        value={{
          dashboard: DASHBOARD,
          charts: new Map(charts.map((chart) => [chart.id, chart])),
          permissions: ALL,
          session,
          dispatch,
          refreshCharts: () => {},
          refreshNonces: new Map(),
          standalone: 0,
        }}
      >
        <CanvasContext.Provider value={canvasValue}>
          <EditActionsContext.Provider value={edits ?? null}>{children}</EditActionsContext.Provider>
        </CanvasContext.Provider>
      </DashboardContext.Provider>
    </QueryClientProvider>
  );
  return (
    <MemoryRouter>
      {fetcher ? (
        <ChartDataFetcherContext.Provider value={fetcher}>{content}</ChartDataFetcherContext.Provider>
      ) : (
        content
      )}
    </MemoryRouter>
  );
}

export function renderCanvas({ language = 'en', ...options }: HarnessOptions) {
  return renderIn(language, <Harness {...options} />);
}

/** A fetcher answering one row for every chart, and recording the charts asked for. */
export function answeringFetcher() {
  return vi.fn<ChartDataFetcher>(async () => [
    { data: [{ count: 42 }], colnames: ['count'], coltypes: [0] } as never,
  ]);
}

/** Editing actions that only record their calls. */
export function recordingEdits() {
  return {
    drop: vi.fn<EditActions['drop']>(),
    remove: vi.fn<EditActions['remove']>(),
    resize: vi.fn<EditActions['resize']>(),
    updateMeta: vi.fn<EditActions['updateMeta']>(),
    warn: vi.fn<EditActions['warn']>(),
    chartAdded: vi.fn<EditActions['chartAdded']>(),
  } satisfies EditActions;
}
