import type { UseQueryResult } from '@tanstack/react-query';
import type { ListResponse } from '@vitrina/common';
import { Input, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { MemberCandidate } from '../../api/onboarding.ts';
import { ErrorBox, ListTable, type SortableListState, useSortableList } from '../../components/index.ts';
import type { YesNoAny } from './listQueries.ts';
import { UserSearchSelect } from './UserSearchSelect.tsx';
import { YesNoSelect } from './YesNoSelect.tsx';

type KeysOf<S, V> = { [K in keyof S]: S[K] extends V ? K : never }[keyof S] & string;

/** One filter above an administrators' list: a search box, a Yes / No / Any choice or a person. */
export type FilterField<S> =
  | { kind: 'search'; key: KeysOf<S, string>; label: string; width?: number }
  | { kind: 'yesNo'; key: KeysOf<S, YesNoAny>; label: string }
  | {
      kind: 'person';
      key: KeysOf<S, number | undefined>;
      label: string;
      placeholder: string;
      optionLabel: (person: MemberCandidate) => string;
    };

/** A filter change starts the list over at its first page. */
export function applyFilter<S extends SortableListState>(state: S, changes: Partial<S>): S {
  return { ...state, ...changes, page: 0 };
}

function FilterControl<S>({
  field,
  state,
  onFilter,
}: {
  field: FilterField<S>;
  state: S;
  onFilter: (changes: Partial<S>) => void;
}) {
  const set = (value: unknown) => onFilter({ [field.key]: value } as Partial<S>);
  switch (field.kind) {
    case 'search':
      return (
        <Input.Search
          allowClear
          aria-label={field.label}
          placeholder={field.label}
          style={{ width: field.width ?? 200 }}
          onSearch={set}
        />
      );
    case 'yesNo':
      return <YesNoSelect label={field.label} value={state[field.key] as YesNoAny} onChange={set} />;
    case 'person':
      return (
        <UserSearchSelect
          label={field.label}
          placeholder={field.placeholder}
          value={state[field.key] as number | undefined}
          onChange={(id) => set(id)}
          optionLabel={field.optionLabel}
        />
      );
  }
}

interface FilteredListProps<T, S extends SortableListState> {
  initial: S;
  fields: FilterField<S>[];
  /** The page of rows for the current filters, sort and page. */
  useRows: (state: S) => UseQueryResult<ListResponse<T>>;
  columns: TableColumnsType<T>;
  emptyText: string;
}

/**
 * The administrators' request and team lists: filters above a server-paged, server-sorted table, 10 rows a
 * page at first; changing a filter goes back to the first page.
 */
export function FilteredList<T extends { id?: number }, S extends SortableListState>({
  initial,
  fields,
  useRows,
  columns,
  emptyText,
}: FilteredListProps<T, S>) {
  const [state, setState] = useState<S>(initial);
  const rows = useRows(state);
  const table = useSortableList<T, S>(state, setState, initial, rows.data?.count ?? 0);
  const filter = (changes: Partial<S>) => setState((current) => applyFilter(current, changes));
  return (
    <>
      <Space wrap>
        {fields.map((field) => (
          <FilterControl<S> key={field.key} field={field} state={state} onFilter={filter} />
        ))}
      </Space>
      {rows.isError && <ErrorBox error={rows.error} />}
      <ListTable<T>
        rowKey="id"
        columns={table.withSortOrder(columns)}
        dataSource={rows.data?.result ?? []}
        loading={rows.isFetching}
        emptyText={emptyText}
        pagination={table.pagination}
        onChange={table.onChange}
      />
    </>
  );
}
