// @vitest-environment jsdom

import { act, cleanup, screen } from '@testing-library/react';
import { type ChartDataResult, type DatasourceMeta, FAST_DEBOUNCE_MS, type FormData } from '@vitrina/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorFromResponse, networkError, timeoutError } from '../api/errors.ts';
import { ChartFrame, type ChartFrameProps, hasNoResults } from './ChartFrame.tsx';
import { chartFailureOf } from './chartFailure.ts';
import { fakeResizeObserver, renderIn } from './testUtils.tsx';

vi.mock('./ChartRenderer.tsx', () => ({
  ChartRenderer: ({
    width,
    height,
    queriesData,
  }: {
    width: number;
    height: number;
    queriesData: ChartDataResult[];
  }) => (
    <div data-testid="chart">
      chart {width}x{height} with {queriesData[0]?.rowcount} rows
    </div>
  ),
}));

const resize = fakeResizeObserver({ width: 600, height: 400 });

beforeEach(() => vi.stubGlobal('ResizeObserver', resize.ResizeObserver));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FORM_DATA = { datasource: '1__table', viz_type: 'pie' } as FormData;
const DATASOURCE: DatasourceMeta = { id: 1, type: 'table', columns: [], metrics: [], verboseMap: {} };
const ROWS: ChartDataResult[] = [{ data: [{ a: 1 }, { a: 2 }], colnames: ['a'], coltypes: [0], rowcount: 2 }];
const EMPTY: ChartDataResult[] = [
  { data: [], colnames: ['a'], coltypes: [0], rowcount: 0 },
  { data: [], colnames: ['b'], coltypes: [0], rowcount: 0 },
];

const NO_RESULTS_BODY =
  'No results were returned for this query. If you expected results to be returned, ensure any filters are configured properly and the datasource contains data for the selected time range.';

function frame(props: Partial<ChartFrameProps>, language: 'en' | 'ru' = 'en') {
  return renderIn(
    language,
    <ChartFrame status="success" vizType="pie" formData={FORM_DATA} datasource={DATASOURCE} {...props} />,
  );
}

describe('ChartFrame', () => {
  it('is 400 px high and as wide as its container by default', () => {
    const { container } = frame({ queriesData: ROWS });
    const box = container.querySelector<HTMLElement>('.vitrina-chart-frame')!;
    expect(box.style.height).toBe('400px');
    expect(box.style.width).toBe('100%');
  });

  it('draws the chart at the size it measured, and follows resizes once they settle (250 ms)', () => {
    vi.useFakeTimers();
    try {
      frame({ queriesData: ROWS, height: 300 });
      expect(screen.getByTestId('chart').textContent).toBe('chart 600x400 with 2 rows');
      act(() => resize.resizeAll({ width: 500, height: 300 }));
      act(() => vi.advanceTimersByTime(200));
      act(() => resize.resizeAll({ width: 320.7, height: 240 }));
      act(() => vi.advanceTimersByTime(FAST_DEBOUNCE_MS - 1));
      expect(screen.getByTestId('chart').textContent).toBe('chart 600x400 with 2 rows');
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByTestId('chart').textContent).toBe('chart 320x240 with 2 rows');
    } finally {
      resize.resizeAll({ width: 600, height: 400 });
      vi.useRealTimers();
    }
  });

  it('shows a spinner while loading, over the previous chart when there is one', () => {
    const view = frame({ status: 'loading' });
    expect(screen.getByRole('progressbar', { name: 'Loading chart' })).toBeTruthy();
    expect(screen.queryByTestId('chart')).toBeNull();
    view.rerender(
      <ChartFrame
        status="loading"
        vizType="pie"
        formData={FORM_DATA}
        datasource={DATASOURCE}
        queriesData={ROWS}
      />,
    );
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.getByTestId('chart')).toBeTruthy();
  });

  it('draws the chart when rendered as well as on success', () => {
    frame({ status: 'rendered', queriesData: ROWS });
    expect(screen.getByTestId('chart')).toBeTruthy();
  });

  it('shows No Results with its explanation when every query returned no rows', () => {
    frame({ queriesData: EMPTY });
    expect(screen.queryByTestId('chart')).toBeNull();
    expect(screen.getByText('No Results')).toBeTruthy();
    expect(screen.getByText(NO_RESULTS_BODY)).toBeTruthy();
  });

  it('keeps only the No Results title in a box of 250 px or less', () => {
    resize.resizeAll({ width: 250, height: 200 });
    frame({ queriesData: EMPTY });
    expect(screen.getByText('No Results')).toBeTruthy();
    expect(screen.queryByText(NO_RESULTS_BODY)).toBeNull();
    resize.resizeAll({ width: 600, height: 400 });
  });

  it('says No Results in Russian', () => {
    frame({ queriesData: EMPTY }, 'ru');
    expect(screen.getByText('Нет результатов')).toBeTruthy();
  });

  it('shows the first query error in the error box when the query failed', () => {
    const error = errorFromResponse(400, {
      message: 'column "revenue" does not exist',
      errors: [{ message: 'column "revenue" does not exist', error_type: 'COLUMN_DOES_NOT_EXIST_ERROR' }],
    });
    frame({ status: 'failed', failure: chartFailureOf(error, 60) });
    const alert = screen.getByRole('alert');
    expect(alert.className).toContain('ant-alert-warning');
    expect(alert.textContent).toContain('column "revenue" does not exist');
  });

  it("says 'Network error.' when the request got no answer, in the ERROR panel", () => {
    frame({ status: 'failed', failure: chartFailureOf(networkError(), 60) });
    expect(screen.getByRole('alert').textContent).toContain('ERROR');
    expect(screen.getByRole('alert').textContent).toContain('Network error.');
  });

  it('titles the load failure panel in Russian', () => {
    frame({ status: 'failed', failure: chartFailureOf(timeoutError(), 45) }, 'ru');
    expect(screen.getByRole('alert').textContent).toContain('ОШИБКА');
  });

  it('gives the chart timeout in the timeout text', () => {
    frame({ status: 'failed', failure: chartFailureOf(timeoutError(), 45) });
    expect(screen.getByRole('alert').textContent).toContain(
      'Query timeout - visualization queries are set to time out at 45 seconds.',
    );
  });

  it('says the update was stopped', () => {
    frame({ status: 'stopped', queriesData: ROWS });
    expect(screen.getByRole('alert').textContent).toContain('Updating chart was stopped');
    expect(screen.queryByTestId('chart')).toBeNull();
  });

  it('shows nothing before the first query', () => {
    frame({ status: 'idle' });
    expect(screen.queryByTestId('chart')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('hasNoResults', () => {
  it('holds only when every query came back without rows', () => {
    expect(hasNoResults(EMPTY)).toBe(true);
    expect(hasNoResults([...EMPTY, ...ROWS])).toBe(false);
  });
});
