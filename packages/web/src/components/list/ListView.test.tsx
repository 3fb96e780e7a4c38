// @vitest-environment jsdom
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ListResponse } from '@vitrina/common';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../testing/i18n.ts';
import { stubLayoutApis } from '../../testing/providers.tsx';
import { ListView } from './ListView.tsx';
import { useListState } from './useListState.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

interface Row {
  id: number;
  name: string;
  kind: string;
}

interface State {
  page: number;
  pageSize: number;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  searchText: string;
}

const INITIAL: State = {
  page: 0,
  pageSize: 10,
  sortColumn: 'changed_on',
  sortDirection: 'desc',
  searchText: '',
};

/** A server of 25 rows: pages of `pageSize`, sorted by name when asked. */
function page(state: State): ListResponse<Row> {
  const all = Array.from({ length: 25 }, (_, index) => ({
    id: index + 1,
    name: `Row ${String(index + 1).padStart(2, '0')}`,
    kind: index % 2 ? 'odd' : 'even',
  }));
  const sorted = state.sortColumn === 'name' && state.sortDirection === 'desc' ? [...all].reverse() : all;
  const result = sorted.slice(state.page * state.pageSize, (state.page + 1) * state.pageSize);
  return { count: all.length, ids: result.map((row) => row.id), result };
}

function TestList({ seen, onDelete }: { seen: State[]; onDelete: (ids: number[]) => void }) {
  const list = useListState<State>(INITIAL);
  seen.push(list.state);
  const query = { data: page(list.state), isFetching: false, isPending: false, isError: false, error: null };
  return (
    <ListView<Row, State>
      list={list}
      query={query}
      columns={[
        { key: 'name', dataIndex: 'name', title: 'Name column', sorter: true },
        { key: 'kind', dataIndex: 'kind', title: 'Kind column' },
      ]}
      emptyText="Nothing"
      search={{ label: 'Search', placeholder: 'Type', onSearch: (searchText) => list.update({ searchText }) }}
      bulkDelete={{
        selectedText: (count) => `${count} picked`,
        confirmTitle: (count) => `Delete ${count}?`,
        deleteText: 'Delete picked',
        clearText: 'Clear',
        onDelete,
      }}
    />
  );
}

function renderList() {
  const seen: State[] = [];
  const onDelete = vi.fn();
  render(
    <I18nextProvider i18n={testI18n('en')}>
      <TestList seen={seen} onDelete={onDelete} />
    </I18nextProvider>,
  );
  return { seen, onDelete };
}

beforeEach(stubLayoutApis);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ListView', () => {
  it('renders the configured columns and the first page of rows', () => {
    renderList();
    expect(screen.getByRole('columnheader', { name: /Name column/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Kind column' })).toBeTruthy();
    expect(screen.getByText('Row 01')).toBeTruthy();
    expect(screen.queryByText('Row 11')).toBeNull();
    expect(screen.getByText('Total: 25')).toBeTruthy();
  });

  it('pages through the server list', async () => {
    const { seen } = renderList();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(screen.getByText('Row 11')).toBeTruthy());
    expect(seen.at(-1)).toMatchObject({ page: 1, pageSize: 10 });
  });

  it('sorts by a sortable column on the server, and a search goes back to the first page', async () => {
    const { seen } = renderList();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(seen.at(-1)?.page).toBe(1));
    fireEvent.click(screen.getByRole('columnheader', { name: /Name column/ }));
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ sortColumn: 'name', sortDirection: 'asc' }));
    fireEvent.click(screen.getByRole('columnheader', { name: /Name column/ }));
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ sortColumn: 'name', sortDirection: 'desc' }));
    // Still the second page, now from the end.
    await waitFor(() => expect(screen.getByText('Row 06')).toBeTruthy());
    expect(screen.queryByText('Row 20')).toBeNull();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'x' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ searchText: 'x', page: 0 }));
  });

  it('selects rows and offers to delete them together', async () => {
    const { onDelete } = renderList();
    expect(screen.queryByText('Delete picked')).toBeNull();
    const [, first, second] = screen.getAllByRole('checkbox');
    fireEvent.click(first!);
    fireEvent.click(second!);
    await waitFor(() => expect(screen.getByText('2 picked')).toBeTruthy());
    fireEvent.click(screen.getByText('Delete picked'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith([1, 2]));
  });
});
