import { parseLayout } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { chartDto } from '../../view/canvasTestHarness.tsx';
import { chartDatasetsOf, otherDatasets } from './chartDatasets.ts';
import { checkedCharts, scopeAfterCheck, scopeTree } from './scopeTree.ts';

const layout = parseLayout(null, [
  { id: 1, slice_name: 'A', uuid: 'a' },
  { id: 2, slice_name: 'B', uuid: 'b' },
  { id: 3, slice_name: 'C', uuid: 'c' },
]);
/** Chart 2 is of another dataset the filter does not reach. */
const reached = (chartId: number) => chartId !== 2;

describe('the scope tree', () => {
  it('shows the charts the filter does not reach without a checkbox', () => {
    const tree = scopeTree(layout, 'All', (id) => `Chart ${id}`, reached);
    expect(tree.children?.map((node) => [node.chartId, node.disableCheckbox ?? false])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
  });

  it('shows unreached charts unchecked and keeps their place in the scope when others are checked', () => {
    const everything = { rootPath: ['ROOT_ID'], excluded: [] };
    expect(checkedCharts(layout, everything, reached)).toEqual([1, 3]);
    // Unchecking chart 3 leaves chart 2 in the scope, so mapping its dataset brings it in as it was.
    expect(scopeAfterCheck(layout, everything, [1], reached)).toEqual({
      rootPath: ['ROOT_ID'],
      excluded: [3],
    });
    const withoutTwo = { rootPath: ['ROOT_ID'], excluded: [2] };
    expect(scopeAfterCheck(layout, withoutTwo, [1, 3], reached)).toEqual(withoutTwo);
  });

  it('groups the charts of other datasets than the filter’s own', () => {
    const datasets = chartDatasetsOf([
      chartDto(1),
      chartDto(2, { form_data: { viz_type: 'table', datasource: '5__table' } }),
      chartDto(3, { form_data: { viz_type: 'table', datasource: '5__table' } }),
      chartDto(4, { form_data: { viz_type: 'table' } }),
    ]);
    expect([...datasets]).toEqual([
      [1, 3],
      [2, 5],
      [3, 5],
    ]);
    expect(otherDatasets(datasets, 3)).toEqual([{ datasetId: 5, chartIds: [2, 3] }]);
  });
});
