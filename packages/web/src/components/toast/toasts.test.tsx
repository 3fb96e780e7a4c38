// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './ToastProvider.tsx';
import { TOAST_DURATION_SECONDS, VisibleToasts } from './toastRules.ts';
import { useToasts } from './useToasts.ts';

describe('toast durations', () => {
  it('are 4 s for info and success, 6 s for warning, 8 s for danger', () => {
    expect(TOAST_DURATION_SECONDS).toEqual({ info: 4, success: 4, warning: 6, danger: 8 });
  });
});

describe('VisibleToasts', () => {
  it('skips a noDuplicate toast only while an identical one is visible', () => {
    const visible = new VisibleToasts();
    expect(visible.admit('danger', 'Failed')).toBe(true);
    expect(visible.admit('danger', 'Failed', { noDuplicate: true })).toBe(false);
    expect(visible.admit('warning', 'Failed', { noDuplicate: true })).toBe(true);
    expect(visible.admit('danger', 'Failed')).toBe(true);
    visible.release('danger', 'Failed');
    expect(visible.admit('danger', 'Failed', { noDuplicate: true })).toBe(false);
    visible.release('danger', 'Failed');
    expect(visible.admit('danger', 'Failed', { noDuplicate: true })).toBe(true);
  });
});

function Trigger({ onReady }: { onReady: (toasts: ReturnType<typeof useToasts>) => void }) {
  onReady(useToasts());
  return null;
}

function renderToasts() {
  let toasts: ReturnType<typeof useToasts> | undefined;
  render(
    <ToastProvider>
      <Trigger
        onReady={(value) => {
          toasts = value;
        }}
      />
    </ToastProvider>,
  );
  return () => toasts!;
}

const shown = (text: string) => screen.queryAllByText(text).length;

describe('ToastProvider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it.each([
    ['info', 4],
    ['success', 4],
    ['warning', 6],
    ['danger', 8],
  ] as const)('closes the %s toast after %i s', async (type, seconds) => {
    const toasts = renderToasts();
    // A noDuplicate repeat is refused exactly while the first toast is still open.
    const repeat = () => act(() => toasts().addToast(type, 'text', { noDuplicate: true }));
    repeat();
    await act(async () => vi.advanceTimersByTime(seconds * 1000 - 100));
    repeat();
    expect(shown('text')).toBe(1);
    await act(async () => vi.advanceTimersByTime(200));
    repeat();
    expect(shown('text')).toBe(2);
  });

  it('shows an identical noDuplicate toast only once while it is visible', () => {
    const toasts = renderToasts();
    act(() => {
      toasts().addDangerToast('Failed to save', { noDuplicate: true });
      toasts().addDangerToast('Failed to save', { noDuplicate: true });
      toasts().addSuccessToast('Saved');
      toasts().addSuccessToast('Saved');
    });
    expect(shown('Failed to save')).toBe(1);
    expect(shown('Saved')).toBe(2);
  });
});
