import { act, renderHook } from '@testing-library/react';
import type { TeamListItem } from '@vitrina/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors.ts';
import { useTeamSearch } from './useTeamSearch.ts';

const team = (name: string): TeamListItem => ({
  id: name.length,
  name,
  slug: name.toLowerCase(),
  is_external: false,
  roles: [],
  member_count: 0,
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('useTeamSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for 3 characters and 500 ms of rest before asking', async () => {
    const search = vi.fn().mockResolvedValue([team('DATA')]);
    const { result, rerender } = renderHook(({ text }) => useTeamSearch(text, false, search), {
      initialProps: { text: 'da' },
    });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(search).not.toHaveBeenCalled();
    rerender({ text: 'dat' });
    await act(() => vi.advanceTimersByTimeAsync(300));
    rerender({ text: 'data' });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(search).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('data', false);
    expect(result.current.teams.map((found) => found.name)).toEqual(['DATA']);
  });

  it('drops an older answer that arrives after a newer one', async () => {
    const first = deferred<TeamListItem[]>();
    const second = deferred<TeamListItem[]>();
    const search = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { result, rerender } = renderHook(({ text }) => useTeamSearch(text, true, search), {
      initialProps: { text: 'abc' },
    });
    await act(() => vi.advanceTimersByTimeAsync(500));
    rerender({ text: 'abcd' });
    await act(() => vi.advanceTimersByTimeAsync(500));
    await act(async () => second.resolve([team('ABCD')]));
    await act(async () => first.resolve([team('ABC')]));
    expect(result.current.teams.map((found) => found.name)).toEqual(['ABCD']);
    expect(result.current.loading).toBe(false);
  });

  it('reads a 404 as no teams and keeps other errors', async () => {
    const search = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ status: 404, serverMessage: 'Not found' }))
      .mockRejectedValueOnce(new ApiError({ status: 500, serverMessage: 'Boom' }));
    const { result, rerender } = renderHook(({ text }) => useTeamSearch(text, true, search), {
      initialProps: { text: 'abc' },
    });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(result.current).toEqual({ teams: [], loading: false, error: null });
    rerender({ text: 'abcd' });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect((result.current.error as Error).message).toBe('Boom');
  });

  it('clears the results when the text gets shorter than 3 characters', async () => {
    const search = vi.fn().mockResolvedValue([team('ABC')]);
    const { result, rerender } = renderHook(({ text }) => useTeamSearch(text, true, search), {
      initialProps: { text: 'abc' },
    });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(result.current.teams).toHaveLength(1);
    rerender({ text: 'ab' });
    expect(result.current.teams).toEqual([]);
  });
});
