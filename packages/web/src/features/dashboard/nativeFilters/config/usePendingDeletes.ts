import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: a deleted filter can be restored for 5 s before the deletion is final. */
export const DELETE_GRACE_MS = 5000;

/**
 * Filters deleted in the modal: pending (restorable) for DELETE_GRACE_MS, then final. `onFinal` takes
 * the item out of the draft.
 */
export function usePendingDeletes(onFinal: (id: string) => void) {
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const final = useRef(onFinal);
  final.current = onFinal;

  const remove = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setPending((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  }, []);

  const markDeleted = useCallback(
    (id: string) => {
      setPending((current) => new Set(current).add(id));
      timers.current.set(
        id,
        setTimeout(() => {
          remove(id);
          final.current(id);
        }, DELETE_GRACE_MS),
      );
    },
    [remove],
  );

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
    };
  }, []);

  return { pending, markDeleted, undo: remove };
}
