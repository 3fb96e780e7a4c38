// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { appCatalogues } from '@vitrina/common/i18n/appCatalogues';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../app/i18n/i18n.ts';
import { VizTypeGallery } from './VizTypeGallery.tsx';

// jsdom lays nothing out; antd's tabs observe their size.
beforeEach(() =>
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  ),
);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderGallery(language: 'en' | 'ru') {
  const onChoose = vi.fn();
  const onClose = vi.fn();
  // Only the UI's language is loaded, as in the app (app/i18n/languagePacks.ts): the other language's
  // names must come from somewhere else.
  render(
    <I18nextProvider i18n={createI18n(language, { [language]: appCatalogues[language] })}>
      <VizTypeGallery open current="table" onChoose={onChoose} onClose={onClose} />
    </I18nextProvider>,
  );
  return { onChoose, onClose };
}

const optionNames = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.getAttribute('aria-label'));

// The first render loads antd's modal, tabs and cards, which is slow on a busy machine.
describe('VizTypeGallery', { timeout: 30_000 }, () => {
  it('finds the bar chart by its Russian name in an English UI, and chooses it on double click', () => {
    const { onChoose, onClose } = renderGallery('en');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search all charts' }), {
      target: { value: 'столб' },
    });
    expect(optionNames()).toEqual(['Bar Chart']);
    fireEvent.doubleClick(screen.getByRole('option', { name: 'Bar Chart' }));
    expect(onChoose).toHaveBeenCalledWith('echarts_timeseries_bar');
    expect(onClose).toHaveBeenCalled();
  });

  it('finds the funnel by its English name in a Russian UI', () => {
    renderGallery('ru');
    fireEvent.change(screen.getByRole('textbox', { name: 'Искать среди всех графиков' }), {
      target: { value: 'funnel' },
    });
    expect(optionNames()).toEqual(['Воронка']);
  });

  it('narrows the list to a category tab', () => {
    renderGallery('en');
    fireEvent.click(screen.getByRole('tab', { name: 'Part of a whole' }));
    const names = optionNames();
    expect(names).toContain('Pie chart');
    expect(names).not.toContain('Bar Chart');
  });
});
