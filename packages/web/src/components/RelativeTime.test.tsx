import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/providers.tsx';
import { RelativeTime } from './RelativeTime.tsx';

describe('RelativeTime', () => {
  const twentyOneMinutesAgo = new Date(Date.now() - 21 * 60_000).toISOString();

  it('says how long ago in the UI language, not the server’s English phrase (issue 20, item 12)', () => {
    renderWithProviders(<RelativeTime value={twentyOneMinutesAgo} fallback="21 minutes ago" />, 'ru');
    expect(screen.getByText('21 минуту назад')).toBeTruthy();
    expect(screen.queryByText('21 minutes ago')).toBeNull();
  });

  it('reads the API’s UTC times without a zone, and falls back only when there is no time', () => {
    renderWithProviders(
      <>
        <RelativeTime value={twentyOneMinutesAgo.replace('Z', '')} />
        <RelativeTime value={null} fallback="a while ago" />
      </>,
    );
    expect(screen.getByText('21 minutes ago')).toBeTruthy();
    expect(screen.getByText('a while ago')).toBeTruthy();
  });
});
