// @vitest-environment jsdom

import { cleanup, screen } from '@testing-library/react';
import type { ChartDataResult, ChartProps, DatasourceMeta, FormData } from '@vitrina/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChartRenderer } from './ChartRenderer.tsx';
import { renderIn } from './testUtils.tsx';

const calls = vi.hoisted(() => ({
  transformProps: [] as ChartProps[],
  migrate: [] as unknown[],
  echarts: [] as Array<{ option: unknown; width: number; height: number }>,
}));

// Chart types as the registry gives them: one per renderer, plus one whose transformProps throws.
vi.mock('@vitrina/common/viz/registry', async (importActual) => {
  const plugin = (renderer: string) => ({
    migrate: (formData: Record<string, unknown>) => {
      calls.migrate.push(formData);
      return { ...formData, migrated: true };
    },
    transformProps: (props: ChartProps) => {
      calls.transformProps.push(props);
      if (props.formData.explode) throw new Error('metric "sales" is missing');
      const common = { width: props.width, height: props.height };
      return renderer === 'echarts'
        ? { renderer, option: { title: { text: String(props.formData.viz_type) } }, ...common }
        : {
            renderer,
            props: { rows: props.queriesData[0]?.rowcount, explode: props.formData.explodeLater },
            ...common,
          };
    },
  });
  const CHART_PLUGINS = {
    pie: plugin('echarts'),
    table: plugin('table'),
    pivot_table_v2: plugin('pivotTable'),
    big_number_total: plugin('bigNumber'),
  };
  const currentVizType = (name: unknown) =>
    typeof name === 'string' && Object.hasOwn(CHART_PLUGINS, name) ? name : null;
  // The rest (the registry the app's catalogues read) stays real.
  const actual = await importActual<typeof import('@vitrina/common/viz/registry')>();
  return { ...actual, CHART_PLUGINS, currentVizType };
});

vi.mock('./EChartsRenderer.tsx', () => ({
  EChartsRenderer: (props: { option: unknown; width: number; height: number }) => {
    calls.echarts.push(props);
    return <div data-testid="echarts">echarts {JSON.stringify(props.option)}</div>;
  },
}));

vi.mock('./table/Chart.tsx', () => ({
  TableChart: ({
    props,
    width,
    height,
  }: {
    props: { rows: number; explode?: boolean };
    width: number;
    height: number;
  }) => {
    if (props.explode) throw new Error('cell renderer broke');
    return (
      <div>
        table of {props.rows} rows at {width}x{height}
      </div>
    );
  },
}));
vi.mock('./pivotTable/Chart.tsx', () => ({
  PivotTableChart: ({ props }: { props: { rows: number } }) => <div>pivot table of {props.rows} rows</div>,
}));
vi.mock('./bigNumber/Chart.tsx', () => ({
  BigNumberChart: ({ props }: { props: { rows: number } }) => <div>big number of {props.rows} rows</div>,
}));

const DATASOURCE: DatasourceMeta = { id: 1, type: 'table', columns: [], metrics: [], verboseMap: {} };
const DATA: ChartDataResult[] = [{ data: [{ a: 1 }], colnames: ['a'], coltypes: [0], rowcount: 1 }];

function formData(vizType: string, extra: Record<string, unknown> = {}): FormData {
  return { datasource: '1__table', viz_type: vizType, ...extra } as FormData;
}

function draw(vizType: string, extra: Record<string, unknown> = {}, language: 'en' | 'ru' = 'en') {
  return renderIn(
    language,
    <ChartRenderer
      vizType={vizType}
      formData={formData(vizType, extra)}
      queriesData={DATA}
      datasource={DATASOURCE}
      width={640}
      height={360}
      labelColors={{ FR: '#ff0000' }}
    />,
  );
}

beforeEach(() => {
  calls.transformProps.length = 0;
  calls.migrate.length = 0;
  calls.echarts.length = 0;
  // React reports errors caught by a boundary on the console; the test asserts what the user sees.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ChartRenderer', () => {
  it('migrates the form data and gives transformProps everything it needs', () => {
    draw('pie', {}, 'ru');
    expect(calls.migrate).toHaveLength(1);
    const props = calls.transformProps[0]!;
    expect(props.formData.migrated).toBe(true);
    expect(props).toMatchObject({
      width: 640,
      height: 360,
      locale: 'ru',
      queriesData: DATA,
      datasource: DATASOURCE,
      labelColors: { FR: '#ff0000' },
    });
  });

  it('draws an echarts type with the generic renderer', () => {
    draw('pie');
    expect(screen.getByTestId('echarts').textContent).toContain('"text":"pie"');
    expect(calls.echarts[0]).toMatchObject({ width: 640, height: 360 });
  });

  it.each([
    ['table', 'table of 1 rows at 640x360'],
    ['pivot_table_v2', 'pivot table of 1 rows'],
    ['big_number_total', 'big number of 1 rows'],
  ])('draws %s with its own component, loaded lazily', async (vizType, text) => {
    draw(vizType);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByTestId('echarts')).toBeNull();
  });

  it('does not run transformProps again when nothing changed', () => {
    const view = draw('pie');
    const props = calls.transformProps[0]!;
    view.rerender(
      <ChartRenderer
        vizType="pie"
        formData={props.formData}
        queriesData={DATA}
        datasource={DATASOURCE}
        width={640}
        height={360}
      />,
    );
    const count = calls.transformProps.length;
    view.rerender(
      <ChartRenderer
        vizType="pie"
        formData={props.formData}
        queriesData={DATA}
        datasource={DATASOURCE}
        width={640}
        height={360}
      />,
    );
    expect(calls.transformProps).toHaveLength(count);
  });

  it('shows the render error when transformProps throws', () => {
    draw('pie', { explode: true });
    expect(screen.getByRole('alert').textContent).toContain(
      'An error occurred while rendering the visualization: metric "sales" is missing',
    );
  });

  it('shows the render error when the chart component throws', async () => {
    draw('table', { explodeLater: true });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'An error occurred while rendering the visualization: cell renderer broke',
    );
    expect(screen.getByRole('alert').textContent).toContain('Oops! An error occurred!');
  });

  it('says so for a chart type it does not know, in Russian too', () => {
    draw('deck_arc', {}, 'ru');
    expect(screen.getByRole('alert').textContent).toContain(
      'При отрисовке визуализации произошла ошибка: тип графика «deck_arc» недоступен',
    );
  });
});
