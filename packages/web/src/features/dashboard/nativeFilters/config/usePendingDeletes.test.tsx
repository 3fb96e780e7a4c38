import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETE_GRACE_MS, usePendingDeletes } from './usePendingDeletes.ts';

describe('pending filter deletion', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is final only after the grace period', () => {
    const onFinal = vi.fn();
    const { result } = renderHook(() => usePendingDeletes(onFinal));
    act(() => result.current.markDeleted('F-1'));
    expect(result.current.pending.has('F-1')).toBe(true);
    act(() => vi.advanceTimersByTime(DELETE_GRACE_MS - 1));
    expect(onFinal).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onFinal).toHaveBeenCalledWith('F-1');
    expect(result.current.pending.has('F-1')).toBe(false);
  });

  it('can be undone within the grace period', () => {
    const onFinal = vi.fn();
    const { result } = renderHook(() => usePendingDeletes(onFinal));
    act(() => result.current.markDeleted('F-1'));
    act(() => result.current.undo('F-1'));
    act(() => vi.advanceTimersByTime(DELETE_GRACE_MS * 2));
    expect(onFinal).not.toHaveBeenCalled();
    expect(result.current.pending.size).toBe(0);
  });
});
