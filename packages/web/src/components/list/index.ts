export { type CardSort, CardSortSelect, cardSortOf, cardSorts } from './cardSort.tsx';
export { actionsColumn, favoriteColumn, modifiedColumn, ownersColumn } from './columns.tsx';
export { LastModified, type ModifiedItem } from './LastModified.tsx';
export { ListSearchBox, listAddButton } from './ListControls.tsx';
export {
  ListFilters,
  type ListFiltersProps,
  type ListSearch,
  type ListSelectFilter,
  yesNoFilter,
} from './ListFilters.tsx';
export { type ListBulkDelete, type ListQueryResult, ListView, type ListViewProps } from './ListView.tsx';
export { RowActions, type RowActionsProps } from './RowActions.tsx';
export { type ListDeleteTexts, useListDelete } from './useListDelete.ts';
export { type ListState, useListState } from './useListState.ts';
