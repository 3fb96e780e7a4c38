// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../testing/i18n.ts';
import { ToastProvider } from '../toast/index.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';

function Thrower({ when }: { when: boolean }): ReactNode {
  if (when) throw new TypeError('cannot read the rows');
  return <p>drawn</p>;
}

function renderIn(language: 'en' | 'ru', node: ReactNode) {
  return render(
    <I18nextProvider i18n={testI18n(language)}>
      <ToastProvider>{node}</ToastProvider>
    </I18nextProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ErrorBoundary', () => {
  it('shows what a child throws as Oops! An error occurred! with the stack behind See more', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderIn(
      'en',
      <ErrorBoundary>
        <Thrower when />
      </ErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Oops! An error occurred!');
    expect(alert.textContent).toContain('Unexpected error: cannot read the rows');
    expect(alert.textContent).not.toContain('at Thrower');
    fireEvent.click(screen.getByText('See more'));
    // The JS stack and React's component stack both name the throwing component.
    expect(screen.getByRole('alert').textContent).toContain('Thrower');
    expect(screen.getByRole('alert').textContent).toContain('TypeError: cannot read the rows');
  });

  it('draws the children while nothing throws, and again after the reset key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = renderIn(
      'en',
      <ErrorBoundary resetKey="/a">
        <Thrower when />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    view.rerender(
      <I18nextProvider i18n={testI18n('en')}>
        <ToastProvider>
          <ErrorBoundary resetKey="/b">
            <Thrower when={false} />
          </ErrorBoundary>
        </ToastProvider>
      </I18nextProvider>,
    );
    expect(screen.getByText('drawn')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks Russian', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderIn(
      'ru',
      <ErrorBoundary>
        <Thrower when />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Ой! Произошла ошибка!');
    expect(screen.getByRole('alert').textContent).toContain('Непредвиденная ошибка: cannot read the rows');
  });
});
