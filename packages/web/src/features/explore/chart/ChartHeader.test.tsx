// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../../testing/i18n.ts';
import { type ChartAction, ChartHeader } from './ChartHeader.tsx';

afterEach(cleanup);

function renderHeader(props: Partial<ComponentProps<typeof ChartHeader>> = {}) {
  const handlers = { onRun: vi.fn(), onStop: vi.fn(), onSave: vi.fn(), onAction: vi.fn(), onRename: vi.fn() };
  render(
    <I18nextProvider i18n={testI18n('en')}>
      <ChartHeader
        sliceName="Orders"
        displayName="Orders"
        loading={false}
        runBlockedReason={undefined}
        canSave
        disabledActions={new Set<ChartAction>()}
        hiddenActions={new Set<ChartAction>()}
        {...handlers}
        {...props}
      />
    </I18nextProvider>,
  );
  return handlers;
}

describe('ChartHeader', { timeout: 30_000 }, () => {
  it('runs when the controls are valid', () => {
    const { onRun } = renderHeader();
    fireEvent.click(screen.getByRole('button', { name: /Run/ }));
    expect(onRun).toHaveBeenCalledOnce();
  });

  it('blocks Run while a control is invalid', () => {
    const { onRun } = renderHeader({ runBlockedReason: 'Fill in the required controls first' });
    const run = screen.getByRole('button', { name: /Run/ });
    expect(run).toHaveProperty('disabled', true);
    fireEvent.click(run);
    expect(onRun).not.toHaveBeenCalled();
  });

  it('offers Stop instead of Run while the chart loads', () => {
    const { onStop } = renderHeader({ loading: true });
    expect(screen.queryByRole('button', { name: /Run/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Stop/ }));
    expect(onStop).toHaveBeenCalledOnce();
  });

  it('disables Save without the permission to write charts', () => {
    renderHeader({ canSave: false });
    expect(screen.getByRole('button', { name: /Save/ })).toHaveProperty('disabled', true);
  });

  it('shows the untitled placeholder for a new chart', () => {
    renderHeader({ sliceName: '', displayName: '' });
    expect(screen.getByText('[Untitled]')).toBeTruthy();
  });
});
