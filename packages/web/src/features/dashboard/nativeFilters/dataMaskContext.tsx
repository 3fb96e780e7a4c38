import type { DataMask, DataMaskMap } from '@vitrina/common/filters/types';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
} from 'react';
import { logEvent } from '../../../app/eventLog/index.ts';

/**
 * The dashboard's filter selection. `dataMask` is what the charts query with; `pending` is what the
 * filter bar shows and Apply copies over. Cross-filters, filter sets and permalinks write through
 * `setDataMask` / `replaceAll`, which take effect at once.
 */
export interface DataMaskContextValue {
  /** Applied masks by filter id (or chart id as text for a cross-filter). */
  dataMask: DataMaskMap;
  /** The filter bar's selection, applied or not. */
  pending: DataMaskMap;
  /** True while `pending` differs from `dataMask`. */
  dirty: boolean;
  setPending(id: string, mask: DataMask): void;
  /** Sets a mask applied and pending at once. */
  setDataMask(id: string, mask: DataMask): void;
  applyAll(): void;
  /** Empties every selection, applied and pending. */
  clearAll(): void;
  /** Replaces the whole selection, applied and pending. */
  replaceAll(map: DataMaskMap): void;
}

interface MaskState {
  applied: DataMaskMap;
  pending: DataMaskMap;
}

type MaskAction =
  | { type: 'pending'; id: string; mask: DataMask }
  | { type: 'set'; id: string; mask: DataMask }
  | { type: 'apply' }
  | { type: 'clear' }
  | { type: 'replace'; map: DataMaskMap };

/** A mask with no selection: its filter stays known but contributes nothing. */
export function emptyMask(id: string): DataMask {
  return { id, extraFormData: {}, filterState: { value: undefined }, ownState: {} };
}

function withId(id: string, mask: DataMask): DataMask {
  return { ...mask, id: mask.id ?? id };
}

export function maskReducer(state: MaskState, action: MaskAction): MaskState {
  switch (action.type) {
    case 'pending':
      return { ...state, pending: { ...state.pending, [action.id]: withId(action.id, action.mask) } };
    case 'set': {
      const mask = withId(action.id, action.mask);
      return {
        applied: { ...state.applied, [action.id]: mask },
        pending: { ...state.pending, [action.id]: mask },
      };
    }
    case 'apply':
      return state.applied === state.pending ? state : { ...state, applied: state.pending };
    case 'clear': {
      const ids = new Set([...Object.keys(state.applied), ...Object.keys(state.pending)]);
      const cleared: DataMaskMap = {};
      for (const id of ids) cleared[id] = emptyMask(id);
      return { applied: cleared, pending: cleared };
    }
    case 'replace':
      return { applied: action.map, pending: action.map };
  }
}

/** Compares two masks by their JSON: masks are plain data. */
export function sameMaskMap(a: DataMaskMap, b: DataMaskMap): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (JSON.stringify(a[key] ?? null) !== JSON.stringify(b[key] ?? null)) return false;
  }
  return true;
}

const DataMaskContext = createContext<DataMaskContextValue | null>(null);

interface DataMaskProviderProps {
  /** The selection the page opens with (filter defaults, then the URL); read once. */
  initial: DataMaskMap;
  children: ReactNode;
}

/** Logs `change_dashboard_filter` with the filters whose applied values changed (not the first selection). */
function useFilterChangeLog(applied: DataMaskMap): void {
  const previous = useRef(applied);
  useEffect(() => {
    const before = previous.current;
    previous.current = applied;
    if (before === applied) return;
    const changed = [...new Set([...Object.keys(before), ...Object.keys(applied)])].filter(
      (id) => JSON.stringify(before[id] ?? null) !== JSON.stringify(applied[id] ?? null),
    );
    if (changed.length > 0) logEvent('change_dashboard_filter', { filter_ids: changed });
  }, [applied]);
}

export function DataMaskProvider({ initial, children }: DataMaskProviderProps) {
  const [state, dispatch] = useReducer(maskReducer, initial, (map) => ({ applied: map, pending: map }));
  const setPending = useCallback((id: string, mask: DataMask) => dispatch({ type: 'pending', id, mask }), []);
  const setDataMask = useCallback((id: string, mask: DataMask) => dispatch({ type: 'set', id, mask }), []);
  const applyAll = useCallback(() => dispatch({ type: 'apply' }), []);
  const clearAll = useCallback(() => dispatch({ type: 'clear' }), []);
  const replaceAll = useCallback((map: DataMaskMap) => dispatch({ type: 'replace', map }), []);
  useFilterChangeLog(state.applied);
  const value = useMemo<DataMaskContextValue>(
    () => ({
      dataMask: state.applied,
      pending: state.pending,
      dirty: !sameMaskMap(state.applied, state.pending),
      setPending,
      setDataMask,
      applyAll,
      clearAll,
      replaceAll,
    }),
    [state, setPending, setDataMask, applyAll, clearAll, replaceAll],
  );
  return <DataMaskContext.Provider value={value}>{children}</DataMaskContext.Provider>;
}

export function useDataMask(): DataMaskContextValue {
  const value = useContext(DataMaskContext);
  if (!value) throw new Error('useDataMask outside a DataMaskProvider');
  return value;
}

/** For parts that may render outside a dashboard (tests, explore previews). */
export function useOptionalDataMask(): DataMaskContextValue | null {
  return useContext(DataMaskContext);
}
