// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../testing/i18n.ts';
import { CopyToClipboard } from './CopyToClipboard.tsx';
import { ToastProvider } from './toast/index.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CopyToClipboard', () => {
  it('says the browser cannot copy when neither way works', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    // jsdom has no execCommand; a browser without copy support answers false.
    Object.defineProperty(document, 'execCommand', { value: vi.fn(() => false), configurable: true });
    render(
      <I18nextProvider i18n={testI18n('en')}>
        <ToastProvider>
          <CopyToClipboard text="x">Copy</CopyToClipboard>
        </ToastProvider>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Copy/ }));
    expect(
      await screen.findByText('Sorry, your browser does not support copying. Use Ctrl / Cmd + C!'),
    ).toBeTruthy();
  });
});
