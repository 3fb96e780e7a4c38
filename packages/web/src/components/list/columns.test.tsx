// @vitest-environment jsdom
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Table, type TableColumnsType } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../testing/i18n.ts';
import { stubLayoutApis } from '../../testing/providers.tsx';
import { actionsColumn, favoriteColumn, modifiedColumn, ownersColumn } from './columns.tsx';
import { RowActions } from './RowActions.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

interface Row {
  id: number;
  name: string;
  owners: { id: number; first_name: string; last_name: string }[];
  changed_on_utc: string | null;
  changed_on_delta_humanized: string;
  changed_by_name: string;
}

const ROW: Row = {
  id: 7,
  name: 'Sales',
  owners: [
    { id: 1, first_name: 'Ada', last_name: 'Lovelace' },
    { id: 2, first_name: '', last_name: '' },
  ],
  changed_on_utc: null,
  changed_on_delta_humanized: '2 days ago',
  changed_by_name: 'Grace',
};

function renderTable(columns: TableColumnsType<Row>) {
  render(
    <I18nextProvider i18n={testI18n('en')}>
      <Table<Row> rowKey="id" dataSource={[ROW]} columns={columns} pagination={false} />
    </I18nextProvider>,
  );
}

beforeEach(stubLayoutApis);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('list columns', () => {
  it('keeps the server sort keys the lists have always sent', () => {
    const keys = [
      favoriteColumn<Row>({ isStarred: () => false, toggle: () => {} }, (row) => row.name),
      ownersColumn<Row>('Owners'),
      modifiedColumn<Row>('Modified'),
      actionsColumn<Row>('Actions', () => null),
    ].map((column) => column.key);
    expect(keys).toEqual(['favorite', 'owners', 'changed_on_delta_humanized', 'actions']);
    expect(modifiedColumn<Row>('Modified').sorter).toBe(true);
  });

  it('stars a row by its id, named after the row', () => {
    const toggle = vi.fn();
    renderTable([favoriteColumn<Row>({ isStarred: (id) => id === 7, toggle }, (row) => row.name)]);
    const star = screen.getByRole('button', { name: 'Remove Sales from favorites' });
    expect(star.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(star);
    expect(toggle).toHaveBeenCalledWith(7);
  });

  it('shows owners by name, or by id when the name is missing', () => {
    renderTable([ownersColumn<Row>('Owners')]);
    expect(screen.getByRole('columnheader', { name: 'Owners' })).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('2')).toBeTruthy();
  });

  it('falls back to the humanized change time, and names the author only when asked', () => {
    renderTable([modifiedColumn<Row>('Plain'), modifiedColumn<Row>('With author', (name) => `by ${name}`)]);
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['2 days ago', '2 days ago by Grace']);
  });

  it('renders the row actions: edit, the list own actions, and delete after confirming', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    renderTable([
      actionsColumn<Row>('Actions', (row) => (
        <RowActions
          onEdit={() => onEdit(row.id)}
          editLabel={`Edit ${row.name}`}
          deleteTitle={`Delete ${row.name}?`}
          onDelete={() => onDelete(row.id)}
        >
          <button type="button">Export</button>
        </RowActions>
      )),
    ]);
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Edit', 'Export', 'Delete']);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Sales' }));
    expect(onEdit).toHaveBeenCalledWith(7);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete Sales?')).toBeTruthy();
    const confirm = screen.getAllByRole('button', { name: 'Delete' }).at(-1)!;
    fireEvent.click(confirm);
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(7));
  });
});
