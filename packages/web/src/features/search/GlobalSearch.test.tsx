import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SearchHit } from '@vitrina/common';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubLayoutApis } from '../../testing/providers.tsx';
import { GlobalSearch } from './GlobalSearch.tsx';
// The dialog's chunk, imported ahead so that opening it waits for no compiling (the test is about the
// dialog, not its download).
import './SearchDialog.tsx';

const hit = (kind: SearchHit['kind'], id: number, title: string, titleRu: string | null): SearchHit => ({
  kind,
  id,
  title,
  title_ru: titleRu,
  description: null,
  description_ru: null,
  url: `/${kind}/${id}`,
  match: 'prefix',
  matched_field: 'title',
  changed_on: '2026-11-27T10:00:00.000Z',
});

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>;
}

describe('GlobalSearch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens on Ctrl+K, shows Russian titles grouped by kind, moves with the arrows and opens on Enter', async () => {
    stubLayoutApis();
    // jsdom lays nothing out, so it has no scrolling into view.
    Element.prototype.scrollIntoView = vi.fn();
    const fetch = vi.fn(async (_url: string) =>
      json(200, {
        result: [
          hit('dashboard', 1, 'Sales by region', 'Продажи по регионам'),
          hit('chart', 2, 'Sales trend', 'Тренд продаж'),
          hit('dashboard', 3, 'Sales plan', null),
        ],
        count: 3,
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(
      <>
        <GlobalSearch />
        <Where />
      </>,
      'ru',
    );
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'л', code: 'KeyK', ctrlKey: true }));
    });
    const field = await screen.findByRole('combobox', { name: 'Поиск' });
    fireEvent.change(field, { target: { value: 'продажи' } });

    const options = await screen.findAllByRole('option');
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/v1/search/');
    // Grouped by kind (dashboards first: they hold the best hit), each title in the UI's language.
    expect(options.map((option) => option.textContent)).toEqual([
      'Продажи по регионам',
      'Sales plan',
      'Тренд продаж',
    ]);
    expect(screen.getByRole('group', { name: 'Дашборды' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Графики' })).toBeTruthy();
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    await waitFor(() => expect(screen.getAllByRole('option')[2]?.getAttribute('aria-selected')).toBe('true'));
    expect(field.getAttribute('aria-activedescendant')).toBe('global-search-option-2');
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/chart/2'));
  });

  it('says when nothing is found', async () => {
    stubLayoutApis();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { result: [], count: 0 })),
    );
    renderWithProviders(<GlobalSearch />);
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    const field = await screen.findByRole('combobox', { name: 'Search' });
    expect(screen.getByText('Type a name or a description, in English or in Russian.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'nothing like it' } });
    expect(await screen.findByText('Nothing found for “nothing like it”.')).toBeTruthy();
  });
});
