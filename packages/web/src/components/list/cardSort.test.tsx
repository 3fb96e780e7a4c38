import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubLayoutApis } from '../../testing/providers.tsx';
import { CardSortSelect, cardSortOf, cardSorts } from './cardSort.tsx';

beforeEach(stubLayoutApis);

describe('card sorts', () => {
  it('names the card sort the list is in, by its title column', () => {
    expect(
      cardSortOf('slice_name', { sortColumn: 'changed_on_delta_humanized', sortDirection: 'desc' }),
    ).toBe('recentlyModified');
    expect(cardSortOf('dashboard_title', { sortColumn: 'dashboard_title', sortDirection: 'asc' })).toBe(
      'alphabetical',
    );
    expect(cardSortOf('slice_name', { sortColumn: 'dashboard_title', sortDirection: 'asc' })).toBeUndefined();
    expect(cardSortOf('slice_name', { sortColumn: 'viz_type', sortDirection: 'asc' })).toBeUndefined();
  });

  it('sorts the list by the picked choice', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <CardSortSelect
        titleColumn="slice_name"
        state={cardSorts('slice_name').recentlyModified}
        onChange={onChange}
      />,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort' }));
    fireEvent.click(await screen.findByText('Alphabetical'));
    expect(onChange).toHaveBeenCalledWith({ sortColumn: 'slice_name', sortDirection: 'asc' });
  });
});
