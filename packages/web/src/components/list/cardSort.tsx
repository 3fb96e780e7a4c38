import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SortableListState } from '../sortableList.ts';

/** The card view's sort choices (the table sorts by its column headers instead). */
export const CARD_SORT_NAMES = ['alphabetical', 'recentlyModified', 'leastRecentlyModified'] as const;
export type CardSort = (typeof CARD_SORT_NAMES)[number];

type ListSort = Pick<SortableListState, 'sortColumn' | 'sortDirection'>;

/** Each card sort as a list sort: by the title column, or by last change either way. */
export function cardSorts(titleColumn: string): Record<CardSort, ListSort> {
  return {
    alphabetical: { sortColumn: titleColumn, sortDirection: 'asc' },
    recentlyModified: { sortColumn: 'changed_on_delta_humanized', sortDirection: 'desc' },
    leastRecentlyModified: { sortColumn: 'changed_on_delta_humanized', sortDirection: 'asc' },
  };
}

/** The card sort matching the list's sort, if it is one of them. */
export function cardSortOf(titleColumn: string, state: ListSort): CardSort | undefined {
  const sorts = cardSorts(titleColumn);
  return CARD_SORT_NAMES.find(
    (name) =>
      sorts[name].sortColumn === state.sortColumn && sorts[name].sortDirection === state.sortDirection,
  );
}

export interface CardSortSelectProps {
  /** The column the alphabetical sort orders by (`slice_name`, `dashboard_title`…). */
  titleColumn: string;
  state: ListSort;
  onChange: (sort: ListSort) => void;
}

/** The sort picker a card view shows in place of the table's sortable headers. */
export function CardSortSelect({ titleColumn, state, onChange }: CardSortSelectProps) {
  const { t } = useTranslation();
  return (
    <Select<CardSort>
      aria-label={t('common.cardSort.label')}
      style={{ width: 220 }}
      value={cardSortOf(titleColumn, state)}
      placeholder={t('common.cardSort.label')}
      options={CARD_SORT_NAMES.map((name) => ({ value: name, label: t(`common.cardSort.${name}`) }))}
      onChange={(name) => onChange(cardSorts(titleColumn)[name])}
    />
  );
}
