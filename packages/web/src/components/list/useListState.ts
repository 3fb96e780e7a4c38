import { useState } from 'react';
import type { SortableListState } from '../sortableList.ts';

/**
 * A list screen's state: its filters, paging and sort (`S`), and the rows picked for a bulk action. A
 * filter change goes back to the first page.
 */
export function useListState<S extends SortableListState>(initial: S) {
  const [state, setState] = useState<S>(initial);
  const [selected, setSelected] = useState<number[]>([]);

  const update = (changes: Partial<S>) => setState((current) => ({ ...current, page: 0, ...changes }));
  const toggleSelected = (id: number, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((item) => item !== id)));
  /** Forgets rows that are gone (deleted). */
  const unselect = (ids: readonly number[]) =>
    setSelected((current) => current.filter((id) => !ids.includes(id)));

  return { initial, state, setState, update, selected, setSelected, toggleSelected, unselect };
}

export type ListState<S extends SortableListState> = ReturnType<typeof useListState<S>>;
