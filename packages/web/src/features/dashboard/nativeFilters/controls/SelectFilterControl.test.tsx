// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DataMask, NativeFilter } from '@vitrina/common/filters/types';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  type RecordedRequest,
  renderWithProviders,
  stubFetch,
  stubLayoutApis,
} from '../../../../testing/providers.tsx';
import { SelectFilterControl } from './SelectFilterControl.tsx';

const REGION: NativeFilter = {
  id: 'NATIVE_FILTER-region',
  type: 'NATIVE_FILTER',
  name: 'Region',
  filterType: 'filter_select',
  targets: [{ datasetId: 3, column: { name: 'region' } }],
  controlValues: { multiSelect: true, searchAllOptions: true },
  defaultDataMask: {},
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
} as NativeFilter;

const DATASET = {
  id: 3,
  datasource_type: 'table',
  columns: [{ column_name: 'region', type_generic: 1, is_dttm: false }],
  metrics: [],
};

/** 130 regions: a first page of 100, a second of 30. */
const REGIONS = Array.from({ length: 130 }, (_, index) => `R${String(index).padStart(3, '0')}`);

interface OptionsQuery {
  row_limit: number;
  row_offset: number;
  filters: Array<{ col: string; op: string; val: unknown }>;
}

function optionQueries(requests: RecordedRequest[]): OptionsQuery[] {
  return requests
    .filter((request) => request.method === 'POST' && request.url.startsWith('/api/v1/chart/data'))
    .map((request) => (request.body as { queries: OptionsQuery[] }).queries[0] as OptionsQuery);
}

function answer(method: string, url: string, body: unknown): Response {
  if (url.startsWith('/api/v1/dataset/3')) return json(200, { result: DATASET });
  if (url.startsWith('/api/v1/security/csrf_token')) return json(200, { result: 'token' });
  if (method === 'POST' && url.startsWith('/api/v1/chart/data')) {
    const query = (body as { queries: OptionsQuery[] }).queries[0] as OptionsQuery;
    const search = query.filters.find((filter) => filter.op === 'ILIKE');
    const text = search ? String(search.val).replaceAll('%', '') : '';
    const rows = REGIONS.filter((region) => region.includes(text))
      .slice(query.row_offset, query.row_offset + query.row_limit)
      .map((region) => ({ region }));
    return json(200, {
      result: [{ data: rows, colnames: ['region'], coltypes: [1], rowcount: rows.length }],
    });
  }
  return json(404, { message: 'Not found' });
}

/** The control with its selection kept as the filter bar keeps it. */
function Harness({ onMask }: { onMask: (mask: DataMask) => void }) {
  const [mask, setMask] = useState<DataMask | undefined>(undefined);
  const change = (next: DataMask) => {
    setMask(next);
    onMask(next);
  };
  return (
    <SelectFilterControl
      filter={REGION}
      mask={mask}
      onChange={change}
      onDefault={change}
      parentsExtraFormData={{}}
      ariaLabel="Region"
    />
  );
}

function open() {
  const box = screen.getByRole('combobox', { name: 'Region' });
  fireEvent.mouseDown(box);
  return box;
}

let requests: RecordedRequest[];
let masks: DataMask[];
beforeEach(() => {
  stubLayoutApis();
  requests = stubFetch(answer);
  masks = [];
  renderWithProviders(<Harness onMask={(mask) => masks.push(mask)} />);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lastValue = () => masks.at(-1)?.filterState?.value;

describe('the value filter with "search all options"', { timeout: 20_000 }, () => {
  it('loads its first page of 100 only when opened, once', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(optionQueries(requests)).toHaveLength(0);
    open();
    expect(await screen.findByText('Loading...')).toBeTruthy();
    await screen.findAllByText('R000');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(optionQueries(requests)).toEqual([
      { ...optionQueries(requests)[0], row_limit: 100, row_offset: 0, filters: [] },
    ]);
  });

  it('searches on the server as the person types', async () => {
    const box = open();
    await waitFor(() => expect(optionQueries(requests)).toHaveLength(1));
    fireEvent.change(box, { target: { value: '12' } });
    await waitFor(() =>
      expect(optionQueries(requests).at(-1)?.filters).toEqual([{ col: 'region', op: 'ILIKE', val: '%12%' }]),
    );
  });

  it('loads the next page once the list is scrolled past 70 percent', async () => {
    open();
    await screen.findAllByText('R000');
    const holder = document.querySelector('.ant-select-dropdown-list-holder') as HTMLElement;
    Object.defineProperties(holder, {
      scrollHeight: { configurable: true, value: 1000 },
      clientHeight: { configurable: true, value: 250 },
      scrollTop: { configurable: true, value: 300, writable: true },
    });
    fireEvent.scroll(holder);
    expect(optionQueries(requests)).toHaveLength(1);
    holder.scrollTop = 500;
    fireEvent.scroll(holder);
    await waitFor(() => expect(optionQueries(requests).at(-1)).toMatchObject({ row_offset: 100 }));
  });

  it('names the select-all entry by its text, not its internal key, in the accessible listbox', async () => {
    open();
    await screen.findByTitle('Select all');
    const listbox = screen.getByRole('listbox');
    const entry = listbox.querySelector('[role="option"]') as HTMLElement;
    expect(entry.getAttribute('aria-label')).toBe('Select all');
    expect(screen.getAllByRole('option', { name: 'Select all' }).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('option', { name: '__select_all__' })).toEqual([]);
  });

  it('selects every loaded value with select-all, and drops select-all with a deselected value', async () => {
    open();
    fireEvent.click(await screen.findByTitle('Select all'));
    expect(lastValue()).toEqual(REGIONS.slice(0, 100));
    // Select-all now shows as chosen; deselecting a value keeps the others.
    await waitFor(() =>
      expect(document.querySelector('.ant-select-item-option-selected[title="Select all"]')).not.toBeNull(),
    );
    fireEvent.click(screen.getByTitle('R000'));
    expect(lastValue()).toEqual(REGIONS.slice(1, 100));
    await waitFor(() =>
      expect(document.querySelector('.ant-select-item-option-selected[title="Select all"]')).toBeNull(),
    );
  });

  it('splits pasted text on comma, newline, tab and semicolon', async () => {
    const box = open();
    await waitFor(() => expect(optionQueries(requests)).toHaveLength(1));
    await act(async () => {
      fireEvent.paste(box, { clipboardData: { getData: () => 'R001, R002\nR003\tR004;X9' } });
    });
    expect(lastValue()).toEqual(['R001', 'R002', 'R003', 'R004', 'X9']);
  });
});
