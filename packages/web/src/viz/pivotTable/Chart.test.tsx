// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { DatasourceMeta, FormData, LanguageCode } from '@vitrina/common';
import { plugin } from '@vitrina/common/viz/pivotTable/index';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../testUtils.tsx';
import { PivotTableChart } from './Chart.tsx';

const data = [
  { region: 'EU', country: 'FR', year: 2023, sales: 10 },
  { region: 'EU', country: 'FR', year: 2024, sales: 20 },
  { region: 'EU', country: 'DE', year: 2023, sales: 30 },
  { region: 'US', country: null, year: 2024, sales: 40 },
];

const datasource: DatasourceMeta = {
  id: 1,
  type: 'table',
  columns: [],
  metrics: [],
  verboseMap: { sales: 'Sales', region: 'Region', country: 'Country', year: 'Year' },
};

function renderPivot(
  formData: Partial<FormData>,
  language: LanguageCode = 'en',
  crossFilter: Partial<ComponentProps<typeof PivotTableChart>> = {},
) {
  const render = plugin.transformProps({
    formData: {
      datasource: '1__table',
      viz_type: 'pivot_table_v2',
      groupbyRows: ['region', 'country'],
      groupbyColumns: ['year'],
      metrics: ['sales'],
      ...formData,
    },
    queriesData: [
      { data, colnames: ['year', 'region', 'country', 'sales'], coltypes: [0, 1, 1, 0], rowcount: 4 },
    ],
    datasource,
    width: 500,
    height: 300,
    locale: language,
  });
  if (render.renderer !== 'pivotTable') throw new Error('not a pivot table');
  return renderIn(
    language,
    <PivotTableChart props={render.props} width={500} height={300} {...crossFilter} />,
  );
}

afterEach(cleanup);

const span = (cell: HTMLElement) => [
  cell.getAttribute('rowspan') ?? '1',
  cell.getAttribute('colspan') ?? '1',
];

describe('PivotTableChart', () => {
  it('renders nested column and row headers with their spans', () => {
    renderPivot({ rowTotals: true, colTotals: true, rowSubTotals: true });
    const [head, body] = screen.getAllByRole('rowgroup') as [HTMLElement, HTMLElement];
    const headRows = within(head).getAllByRole('row');
    expect(headRows.map((row) => row.textContent)).toEqual([
      'MetricSalesTotal (Sum)',
      'Year20232024',
      'RegionCountry',
    ]);
    expect(span(within(headRows[0] as HTMLElement).getByText('Sales'))).toEqual(['1', '2']);
    expect(span(within(headRows[0] as HTMLElement).getByText('Total (Sum)'))).toEqual(['3', '1']);
    expect(span(within(headRows[1] as HTMLElement).getByText('2023'))).toEqual(['2', '1']);

    const eu = within(body).getByRole('rowheader', { name: 'EU' });
    expect(span(eu)).toEqual(['3', '1']);
    expect(span(within(body).getByRole('rowheader', { name: 'DE' }))).toEqual(['1', '2']);
    const rows = within(body).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'EUDE3030',
      'FR102030',
      'Subtotal402060',
      'USN/A4040',
      'Subtotal4040',
      'Total (Sum)4060100',
    ]);
    expect(rows.map((row) => row.getAttribute('data-kind'))).toEqual([
      'data',
      'data',
      'subtotal',
      'data',
      'subtotal',
      'total',
    ]);
  });

  it('names the totals after the aggregation, in Russian too', () => {
    renderPivot({ rowTotals: true, aggregateFunction: 'Average' }, 'ru');
    expect(screen.getByRole('columnheader', { name: 'Итого (Среднее)' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Мера' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'н/д' })).toBeTruthy();
  });

  it('puts metrics on the rows', () => {
    renderPivot({ metricsLayout: 'ROWS', groupbyRows: ['region'], colTotals: true });
    const body = screen.getAllByRole('rowgroup')[1] as HTMLElement;
    expect(
      within(body)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['SalesEU4020', 'US40', 'Total (Sum)4060']);
  });

  it('reports a clicked header’s or cell’s dimensions and marks the selected ones', () => {
    const onCrossFilterDimensions = vi.fn();
    renderPivot({}, 'en', {
      onCrossFilterDimensions,
      crossFilterTuples: { columns: ['region', 'country'], tuples: [['EU', 'FR']] },
    });
    fireEvent.click(screen.getByRole('rowheader', { name: 'FR' }));
    expect(onCrossFilterDimensions).toHaveBeenLastCalledWith({ region: 'EU', country: 'FR' });
    fireEvent.click(screen.getByRole('columnheader', { name: '2023' }));
    expect(onCrossFilterDimensions).toHaveBeenLastCalledWith({ year: 2023 });
    fireEvent.click(screen.getByText('40'));
    expect(onCrossFilterDimensions).toHaveBeenLastCalledWith({ region: 'US', country: null, year: 2024 });
    expect(screen.getByRole('rowheader', { name: 'FR' }).getAttribute('data-cross-filter')).toBe('selected');
    expect(screen.getByRole('rowheader', { name: 'EU' }).getAttribute('data-cross-filter')).toBe(
      'selectable',
    );
    // The metric's header stands for no dimension.
    expect(screen.getByRole('columnheader', { name: 'Sales' }).getAttribute('data-cross-filter')).toBeNull();
  });

  it('offers no cross-filter outside a dashboard', () => {
    renderPivot({});
    expect(screen.getByRole('rowheader', { name: 'FR' }).getAttribute('data-cross-filter')).toBeNull();
  });
});
