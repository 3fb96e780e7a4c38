// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { DatasourceMeta } from '@vitrina/common';
import { plugin } from '@vitrina/common/viz/table/index';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TableChart } from '../../../viz/table/Chart.tsx';
import { renderIn } from '../../../viz/testUtils.tsx';

const datasource: DatasourceMeta = { id: 1, type: 'table', columns: [], metrics: [], verboseMap: {} };

function renderTable(onCrossFilter: (column: string, value: unknown) => void, selected: unknown[] | null) {
  const render = plugin.transformProps({
    formData: {
      datasource: '1__table',
      viz_type: 'table',
      query_mode: 'aggregate',
      groupby: ['region'],
      metrics: ['revenue'],
    },
    queriesData: [
      {
        data: [
          { region: 'East', revenue: 5 },
          { region: 'West', revenue: 7 },
        ],
        colnames: ['region', 'revenue'],
        coltypes: [1, 0],
        rowcount: 2,
      },
    ],
    datasource,
    width: 600,
    height: 400,
    locale: 'en',
  });
  if (render.renderer !== 'table') throw new Error('not a table');
  return renderIn(
    'en',
    <TableChart
      props={render.props}
      width={600}
      height={400}
      onCrossFilter={onCrossFilter}
      crossFilterSelection={selected ? { column: 'region', values: selected } : null}
    />,
  );
}

afterEach(cleanup);

describe('the table as a cross-filter source', () => {
  it('emits a dimension cell, never a metric cell, and marks the selected cell', () => {
    const onCrossFilter = vi.fn();
    renderTable(onCrossFilter, ['West']);
    fireEvent.click(screen.getByText('East'));
    expect(onCrossFilter).toHaveBeenCalledWith('region', 'East');
    fireEvent.click(screen.getByText('7'));
    expect(onCrossFilter).toHaveBeenCalledTimes(1);
    expect(screen.getByText('West').closest('td')?.getAttribute('data-cross-filter')).toBe('selected');
    expect(screen.getByText('East').closest('td')?.getAttribute('data-cross-filter')).toBe('selectable');
  });
});
