import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutoRefresh } from './useAutoRefresh.ts';

describe('useAutoRefresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes each chart by force on every tick, staggered, and stops when unmounted', () => {
    const refresh = vi.fn();
    const { unmount } = renderHook(() => useAutoRefresh(10, [1, 2], {}, refresh));
    // The tick at 10 s schedules the first chart at once, the second 5 s later.
    vi.advanceTimersByTime(10_001);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenLastCalledWith({ force: true, chartIds: [1] });
    vi.advanceTimersByTime(5000);
    expect(refresh).toHaveBeenLastCalledWith({ force: true, chartIds: [2] });
    unmount();
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('does nothing when the interval is 0', () => {
    const refresh = vi.fn();
    renderHook(() => useAutoRefresh(0, [1], {}, refresh));
    vi.advanceTimersByTime(100_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
