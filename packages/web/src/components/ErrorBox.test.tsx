// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorFromResponse, timeoutError } from '../api/errors.ts';
import { testI18n } from '../testing/i18n.ts';
import { ErrorBox } from './ErrorBox.tsx';
import { registerErrorComponent } from './errors/errorRegistry.ts';
import { ToastProvider } from './toast/index.ts';

function renderInEnglish(node: ReactNode) {
  return render(
    <I18nextProvider i18n={testI18n('en')}>
      <ToastProvider>{node}</ToastProvider>
    </I18nextProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ErrorBox', () => {
  it('is a warning titled Unexpected error by default', () => {
    renderInEnglish(<ErrorBox message="Something broke" />);
    const alert = screen.getByRole('alert');
    expect(alert.className).toContain('ant-alert-warning');
    expect(alert.textContent).toContain('Unexpected error');
    expect(alert.textContent).toContain('Something broke');
    expect(screen.queryByText('See more')).toBeNull();
  });

  it('shows a server error with its (Request Access) link', () => {
    const error = errorFromResponse(403, {
      errors: [
        { message: 'No access to table', error_type: 'X', level: 'error', extra: { link: '/request' } },
      ],
    });
    renderInEnglish(<ErrorBox title="Forbidden" error={error} />);
    expect(screen.getByText('Forbidden')).toBeTruthy();
    expect(screen.getByText(/No access to table/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '(Request Access)' }).getAttribute('href')).toBe('/request');
  });

  it('hides details until See more is clicked', () => {
    renderInEnglish(<ErrorBox message="Query failed" details="line 3: syntax error" />);
    expect(screen.queryByText('line 3: syntax error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'See more' }));
    expect(screen.getByText('line 3: syntax error')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'See less' }));
    expect(screen.queryByText('line 3: syntax error')).toBeNull();
  });

  it('lists the timeout issue hints under See more', () => {
    renderInEnglish(<ErrorBox error={timeoutError()} />);
    expect(screen.getByText('Request timed out')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'See more' }));
    expect(screen.getByText(/Issue 1000 - The dataset is too large to query\./)).toBeTruthy();
    expect(screen.getByText(/Issue 1001 - The database is under an unusual load\./)).toBeTruthy();
  });

  it('copies the message and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderInEnglish(<ErrorBox message="Copy me" />);
    fireEvent.click(screen.getByRole('button', { name: /Copy message/ }));
    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('Copy me');
  });

  it('draws a typed error with its kind component, not the generic box', () => {
    const refused = errorFromResponse(403, {
      errors: [{ message: 'No grant', error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR', level: 'error' }],
    });
    renderInEnglish(<ErrorBox error={refused} />);
    expect(screen.getByRole('alert').textContent).toContain('Access denied');
    cleanup();
    const broken = errorFromResponse(500, {
      errors: [{ message: 'no such table', error_type: 'TABLE_DOES_NOT_EXIST_ERROR', level: 'error' }],
    });
    renderInEnglish(<ErrorBox error={broken} />);
    expect(screen.getByRole('alert').textContent).toContain('Database error');
    expect(screen.getByRole('alert').textContent).toContain('no such table');
    cleanup();
    renderInEnglish(<ErrorBox error={timeoutError()} />);
    expect(screen.getByRole('alert').textContent).toContain('Timeout error');
  });

  it('explains a database error in Russian and keeps the database text visible as details', () => {
    const failed = errorFromResponse(400, {
      errors: [
        {
          message: 'Catalog Error: Table with name nope does not exist!',
          error_type: 'GENERIC_DB_ENGINE_ERROR',
          level: 'error',
        },
      ],
    });
    render(
      <I18nextProvider i18n={testI18n('ru')}>
        <ToastProvider>
          <ErrorBox error={failed} />
        </ToastProvider>
      </I18nextProvider>,
    );
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toContain('Ошибка базы данных');
    expect(text).toContain('База данных не смогла выполнить запрос.');
    expect(text).toContain('Catalog Error: Table with name nope does not exist!');
    expect(text).not.toContain('Unexpected error');
  });

  it('lets a feature register its own component for an error type', () => {
    registerErrorComponent(['TEST_ONLY_ERROR'], ({ error }) => <p>Custom: {error.message}</p>);
    const error = errorFromResponse(400, { errors: [{ message: 'odd', error_type: 'TEST_ONLY_ERROR' }] });
    renderInEnglish(<ErrorBox error={error} />);
    expect(screen.getByText('Custom: odd')).toBeTruthy();
  });
});
