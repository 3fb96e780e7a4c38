// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import type { ChartDataResult, DatasourceMeta, FormData, LanguageCode } from '@vitrina/common';
import { plugin } from '@vitrina/common/viz/popKpi/index';
import { afterEach, describe, expect, it } from 'vitest';
import { renderIn } from '../testUtils.tsx';
import { PopKpiChart } from './Chart.tsx';

const datasource: DatasourceMeta = {
  id: 1,
  type: 'table',
  columns: [],
  metrics: [{ metric_name: 'revenue', verbose_name: 'Revenue', d3format: ',.0f', currency: null }],
  verboseMap: {},
};

function draw(formData: Partial<FormData>, result: ChartDataResult, language: LanguageCode = 'en') {
  const render = plugin.transformProps({
    formData: { datasource: '1__table', viz_type: 'pop_kpi', metric: 'revenue', ...formData },
    queriesData: [result],
    datasource,
    width: 400,
    height: 300,
    locale: language,
  });
  if (render.renderer !== 'popKpi') throw new Error('not a period comparison');
  return renderIn(language, <PopKpiChart props={render.props} width={400} height={300} />);
}

const yearly = (row: Record<string, unknown>): ChartDataResult => ({
  data: [row],
  colnames: Object.keys(row),
  coltypes: [0, 0],
  rowcount: 1,
});

afterEach(cleanup);

describe('PopKpiChart', () => {
  it('shows the value, the previous value, the difference and the change', () => {
    draw({ time_comparison: 'y' }, yearly({ revenue: 1500, 'revenue__1 year ago': 1200 }));
    expect(screen.getByTestId('pop-kpi-value').textContent).toBe('1,500');
    expect(screen.getByTestId('pop-kpi-previous').textContent).toBe('#1,200');
    expect(screen.getByTestId('pop-kpi-difference').textContent).toBe('△300');
    expect(screen.getByTestId('pop-kpi-percent').textContent).toBe('%+25.0%');
  });

  it('colours the change when asked and says No data in Russian', () => {
    draw(
      { time_comparison: 'y', comparison_color_enabled: true },
      yearly({ revenue: 900, 'revenue__1 year ago': 1200 }),
    );
    const percent = screen.getByTestId('pop-kpi-percent').lastElementChild as HTMLElement;
    const previous = screen.getByTestId('pop-kpi-previous').lastElementChild as HTMLElement;
    expect(percent.style.color).not.toBe(previous.style.color);
    cleanup();
    draw({}, { data: [], colnames: [], coltypes: [], rowcount: 0 }, 'ru');
    expect(screen.getByTestId('pop-kpi-value').textContent).toBe('Нет данных');
    expect(screen.queryByTestId('pop-kpi-previous')).toBeNull();
  });
});
