// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ListResponse } from '@vitrina/common';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../testing/i18n.ts';
import { stubLayoutApis } from '../../testing/providers.tsx';
import { FilteredList, type FilterField } from './FilteredList.tsx';
import type { YesNoAny } from './listQueries.ts';
import { roleLabels } from './roleLabel.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

interface Row {
  id: number;
  name: string;
}

interface State {
  page: number;
  pageSize: number;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  name: string;
  franchisee: YesNoAny;
}

const INITIAL: State = {
  page: 3,
  pageSize: 10,
  sortColumn: 'id',
  sortDirection: 'asc',
  name: '',
  franchisee: 'any',
};

beforeEach(stubLayoutApis);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FilteredList', () => {
  it('asks for rows with each filter the bar sets, from the first page', async () => {
    const seen: State[] = [];
    const useRows = (state: State) => {
      seen.push(state);
      return {
        data: { count: 1, ids: [1], result: [{ id: 1, name: 'FRANCHISEE IVANOV' }] },
        isError: false,
        isFetching: false,
      } as unknown as UseQueryResult<ListResponse<Row>>;
    };
    const fields: FilterField<State>[] = [
      { kind: 'search', key: 'name', label: 'Name' },
      { kind: 'yesNo', key: 'franchisee', label: 'Franchisee' },
    ];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={testI18n('en')}>
          <FilteredList<Row, State>
            initial={INITIAL}
            fields={fields}
            useRows={useRows}
            columns={[{ key: 'name', dataIndex: 'name', title: 'Name column' }]}
            emptyText="Nothing"
          />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByText('FRANCHISEE IVANOV')).toBeTruthy();
    expect(screen.getByText('Franchisee: Any')).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: 'Name' });
    fireEvent.change(search, { target: { value: 'ivan' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ name: 'ivan', page: 0 }));
    expect(seen[0]?.page).toBe(3);
  });
});

describe('roleLabels', () => {
  it("names the requestable roles in Russian and spells 'Vizualize data' right in English", () => {
    const roles = ['readonly', 'Vizualize data', 'Create data', 'Admin'];
    expect(roleLabels(roles, testI18n('ru').t)).toBe(
      'Анализ данных, Визуализация данных, Подготовка данных, Admin',
    );
    expect(roleLabels(roles, testI18n('en').t)).toBe('readonly, Visualize data, Create data, Admin');
  });
});
