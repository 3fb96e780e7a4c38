import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DashboardDto } from '@vitrina/common';
import type { NativeFilter } from '@vitrina/common/filters/types';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type RecordedRequest, stubFetch, stubLayoutApis } from '../../../../testing/providers.tsx';
import { DashboardContext, useDashboardContext } from '../../context.ts';
import { chartDto, layoutOf, renderCanvas } from '../../view/canvasTestHarness.tsx';
import { DataMaskProvider } from '../dataMaskContext.tsx';
import { FilterConfigModal } from './FilterConfigModal.tsx';

configure({ asyncUtilTimeout: 10_000 });

const FILTER: NativeFilter = {
  id: 'NATIVE_FILTER-country',
  type: 'NATIVE_FILTER',
  name: 'Country',
  filterType: 'filter_select',
  targets: [{ datasetId: 3, column: { name: 'country' } }],
  controlValues: {},
  defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
};

const layout = layoutOf([
  ['ROOT_ID', 'ROOT', ['GRID_ID']],
  ['GRID_ID', 'GRID', ['ROW-1']],
  ['ROW-1', 'ROW', ['CHART-1', 'CHART-2']],
  ['CHART-1', 'CHART', [], { chartId: 1, width: 4, height: 50 }],
  ['CHART-2', 'CHART', [], { chartId: 2, width: 4, height: 50 }],
]);

function exploreDataset(id: number, tableName: string, columns: string[]) {
  return {
    id,
    uid: `${id}__table`,
    type: 'table',
    name: tableName,
    datasource_name: tableName,
    table_name: tableName,
    schema: null,
    description: null,
    description_ru: null,
    database: { id: 1, database_name: 'main', backend: 'sqlite' },
    main_dttm_col: null,
    granularity_sqla: [],
    time_grain_sqla: [],
    verbose_map: {},
    columns: columns.map((name, index) => ({
      id: index + 1,
      column_name: name,
      verbose_name: null,
      verbose_name_ru: null,
      type: 'TEXT',
      type_generic: 1,
      is_dttm: false,
      groupby: true,
      filterable: true,
      expression: null,
      description: null,
    })),
    metrics: [],
  };
}

const DATASETS: Record<string, ReturnType<typeof exploreDataset>> = {
  '3': exploreDataset(3, 'births', ['country', 'year']),
  '5': exploreDataset(5, 'sales', ['country_code', 'amount']),
};

let requests: RecordedRequest[];

beforeEach(() => {
  stubLayoutApis();
  let stored = '{}';
  requests = stubFetch((method, url, body) => {
    if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
    const explore = /^\/api\/v1\/explore\/\?datasource_id=(\d+)/.exec(url);
    if (explore) {
      const dataset = DATASETS[explore[1] as string];
      return dataset ? json(200, { result: { dataset, form_data: {}, slice: null } }) : json(404, {});
    }
    if (url.startsWith('/api/v1/dataset/?'))
      return json(200, {
        count: 2,
        ids: [3, 5],
        result: [
          { id: 3, table_name: 'births' },
          { id: 5, table_name: 'sales' },
        ],
      });
    if (url.startsWith('/api/v1/chart/data'))
      return json(200, {
        result: [{ data: [{ country: 'FR' }], colnames: ['country'], coltypes: [1], rowcount: 1 }],
      });
    if (url === '/api/v1/dashboard/7' && method === 'PUT') {
      stored = (body as { json_metadata: string }).json_metadata;
      return json(200, { id: 7, result: body, last_modified_time: 0 });
    }
    if (url === '/api/v1/dashboard/7')
      return json(200, { result: { id: 7, dashboard_title: 'Births', owners: [], json_metadata: stored } });
    return json(404, { message: `Not found: ${method} ${url}` });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The harness's dashboard context with the filter saved in its metadata. */
function WithFilter({ children }: { children: ReactNode }) {
  const context = useDashboardContext();
  const metadata = { native_filter_configuration: [FILTER] };
  return (
    <DashboardContext.Provider
      value={{
        ...context,
        dashboard: { ...context.dashboard, json_metadata: JSON.stringify(metadata) } as DashboardDto,
        session: { ...context.session, metadata },
      }}
    >
      {children}
    </DashboardContext.Provider>
  );
}

function renderModal() {
  const onClose = vi.fn();
  renderCanvas({
    layout,
    charts: [
      chartDto(1),
      chartDto(2, {
        form_data: { viz_type: 'big_number_total', datasource: '5__table', metric: 'count', slice_id: 2 },
      }),
    ],
    children: (
      <App>
        <WithFilter>
          <DataMaskProvider initial={{}}>
            <FilterConfigModal onClose={onClose} />
          </DataMaskProvider>
        </WithFilter>
      </App>
    ),
  });
  return onClose;
}

function scopeTree(): HTMLElement {
  const tree = document.querySelector<HTMLElement>('[data-test="filter-scope-tree"]');
  if (!tree) throw new Error('no scope tree');
  return tree;
}

/** The scope tree's row of a chart. */
function treeNode(name: string): HTMLElement {
  return within(scopeTree()).getByText(name).closest('.ant-tree-treenode') as HTMLElement;
}

describe('mapping a filter column onto another dataset', { timeout: 60_000 }, () => {
  it('marks the other dataset’s chart, includes it once mapped, and saves the second target', async () => {
    const onClose = renderModal();
    const tree = await waitFor(scopeTree);
    // Chart 2 queries the sales dataset: shown greyed, with no checkbox to tick.
    expect(within(tree).getByText('Chart 2').closest('[data-test="scope-chart-other-dataset"]')).toBeTruthy();
    expect(treeNode('Chart 2').querySelector('.ant-tree-checkbox-disabled')).toBeTruthy();
    expect(treeNode('Chart 2').querySelector('.ant-tree-checkbox-checked')).toBeNull();
    expect(treeNode('Chart 1').querySelector('.ant-tree-checkbox-checked')).toBeTruthy();
    fireEvent.mouseEnter(within(tree).getByText('Chart 2'));
    expect(
      await screen.findByText(
        "Uses another dataset: map the filter's column onto it below to include this chart",
      ),
    ).toBeTruthy();

    const mapping = await screen.findByLabelText('Column of sales');
    fireEvent.mouseDown(mapping);
    fireEvent.click(await screen.findByTitle('country_code'));

    // Mapped, chart 2 is an ordinary chart, in scope as the whole-dashboard scope says.
    await waitFor(() => expect(tree.querySelector('[data-test="scope-chart-other-dataset"]')).toBeNull());
    expect(treeNode('Chart 2').querySelector('.ant-tree-checkbox-disabled')).toBeNull();
    expect(treeNode('Chart 2').querySelector('.ant-tree-checkbox-checked')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = requests.find((request) => request.method === 'PUT');
    if (!put) throw new Error('the configuration was not saved');
    const saved = JSON.parse((put.body as { json_metadata: string }).json_metadata);
    expect(saved.native_filter_configuration[0]).toMatchObject({
      id: FILTER.id,
      targets: [
        { datasetId: 3, column: { name: 'country' } },
        { datasetId: 5, column: { name: 'country_code' } },
      ],
      chartsInScope: [1, 2],
    });
  });
});
