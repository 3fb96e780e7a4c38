import type { UseQueryResult } from '@tanstack/react-query';
import type { ListResponse } from '@vitrina/common';
import { Input, type TableColumnsType } from 'antd';
import type { MemberCandidate } from '../../api/onboarding.ts';
import { ListView, type SortableListState, useListState } from '../../components/index.ts';
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
  const list = useListState<S>(initial);
  const rows = useRows(list.state);
  return (
    <ListView<T, S>
      list={list}
      query={rows}
      columns={columns}
      emptyText={emptyText}
      extra={fields.map((field) => (
        <FilterControl<S> key={field.key} field={field} state={list.state} onFilter={list.update} />
      ))}
    />
  );
}
