export { type CardSort, CardSortSelect, cardSortOf, cardSorts } from './cardSort.tsx';
export {
  ListFilters,
  type ListFiltersProps,
  type ListSearch,
  type ListSelectFilter,
  yesNoFilter,
} from './ListFilters.tsx';
export { type ListBulkDelete, type ListQueryResult, ListView, type ListViewProps } from './ListView.tsx';
export { type ListDeleteTexts, useListDelete } from './useListDelete.ts';
export { type ListState, useListState } from './useListState.ts';
