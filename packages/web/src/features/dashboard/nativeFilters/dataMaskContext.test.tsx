import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { DataMaskProvider, useDataMask } from './dataMaskContext.tsx';

const region = {
  extraFormData: { filters: [{ col: 'region', op: 'IN' as const, val: ['North'] }] },
  filterState: { value: ['North'] },
};

function renderMasks(initial = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <DataMaskProvider initial={initial}>{children}</DataMaskProvider>
  );
  return renderHook(() => useDataMask(), { wrapper });
}

describe('the dashboard data mask', () => {
  it('keeps a pending selection out of the applied masks until Apply', () => {
    const { result } = renderMasks();
    act(() => result.current.setPending('F-1', region));
    expect(result.current.pending['F-1']).toMatchObject({ ...region, id: 'F-1' });
    expect(result.current.dataMask['F-1']).toBeUndefined();
    expect(result.current.dirty).toBe(true);
    act(() => result.current.applyAll());
    expect(result.current.dataMask['F-1']).toMatchObject(region);
    expect(result.current.dirty).toBe(false);
  });

  it('applies a cross-filter at once and clears everything with Clear all', () => {
    const { result } = renderMasks({ 'F-1': region });
    act(() => result.current.setDataMask('12', region));
    expect(result.current.dataMask['12']).toMatchObject(region);
    expect(result.current.pending['12']).toMatchObject(region);
    act(() => result.current.clearAll());
    expect(result.current.dataMask['F-1']?.extraFormData).toEqual({});
    expect(result.current.dataMask['12']?.filterState?.value).toBeUndefined();
    expect(result.current.dirty).toBe(false);
  });

  it('replaces the whole selection (filter sets, permalinks)', () => {
    const { result } = renderMasks({ 'F-1': region });
    act(() => result.current.replaceAll({ 'F-2': region }));
    expect(Object.keys(result.current.dataMask)).toEqual(['F-2']);
    expect(result.current.pending).toBe(result.current.dataMask);
  });
});
