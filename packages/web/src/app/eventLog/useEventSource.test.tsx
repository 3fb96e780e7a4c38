import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventLogger, useEventSource } from './index.ts';

describe('useEventSource', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends what the screen logged when the screen is left, before the next one asks for anything', () => {
    const calls: string[] = [];
    vi.spyOn(eventLogger, 'flush').mockImplementation(() => void calls.push('flush'));
    vi.spyOn(eventLogger, 'setSource').mockImplementation((source) =>
      calls.push(source ? `source ${source.source}` : 'no source'),
    );
    const explore = renderHook(() => useEventSource({ source: 'explore', source_id: 7, slice_id: 7 }));
    expect(calls).toEqual(['source explore']);
    explore.unmount();
    expect(calls).toEqual(['source explore', 'flush', 'no source']);
  });
});
