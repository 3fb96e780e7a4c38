// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { PRESELECT_FILTERS_URL_PARAM, readDashboardUrlParams } from '@vitrina/common';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/providers.tsx';
import { usePreselectFiltersWarnings } from './usePreselectFiltersWarnings.ts';

function Page({ preselect }: { preselect: string }) {
  const params = readDashboardUrlParams(new URLSearchParams({ [PRESELECT_FILTERS_URL_PARAM]: preselect }));
  usePreselectFiltersWarnings(params.preselectFilters);
  return null;
}

afterEach(cleanup);

describe('preselect_filters warnings', () => {
  it("warns once with the spec's text for keys that are not chartId_column", async () => {
    renderWithProviders(
      <Page preselect={JSON.stringify({ abc: { region: 'x' }, 12: 'y', 1: { region: 'z' } })} />,
    );
    const toasts = await screen.findAllByText('Cannot parse invalid filter key');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.closest('[data-toast-type]')?.getAttribute('data-toast-type')).toBe('warning');
  });

  it('warns in Russian', async () => {
    renderWithProviders(<Page preselect={JSON.stringify({ abc: { region: 'x' } })} />, 'ru');
    expect(await screen.findByText('Не удалось разобрать неверный ключ фильтра')).toBeTruthy();
  });

  it('says so when the JSON is malformed', async () => {
    renderWithProviders(<Page preselect={'{"1": {"region": '} />);
    expect(await screen.findByText(/Cannot read the preselect_filters link parameter/)).toBeTruthy();
    expect(screen.queryByText('Cannot parse invalid filter key')).toBeNull();
  });

  it('stays quiet when every entry is readable', async () => {
    renderWithProviders(<Page preselect={JSON.stringify({ 1: { region: ['East'] } })} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('[data-toast-type]')).toBeNull();
  });
});
