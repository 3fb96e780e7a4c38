import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CurrentUser } from '@vitrina/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubLayoutApis } from '../../testing/providers.tsx';
import { UserMenu } from './UserMenu.tsx';

const USER: CurrentUser = {
  id: 1,
  username: 'admin',
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'ada@example.com',
  is_active: true,
  is_anonymous: false,
  preferred_language: 'en',
};

describe('UserMenu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens only once it knows all its items, so none moves under the pointer', async () => {
    stubLayoutApis();
    let answerTeam: () => void = () => {};
    const team = new Promise<void>((resolve) => {
      answerTeam = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/v1/onboarding/'))
          return json(200, { result: { is_onboarding_finished: true } });
        await team;
        return json(200, { result: { team: null } });
      }),
    );
    renderWithProviders(<UserMenu user={USER} />);
    const button = screen.getByRole('button', { name: 'User menu' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answerTeam());
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    // Without a team the menu offers onboarding, above the language and log out.
    expect(await screen.findByText('Onboarding')).toBeTruthy();
    expect(screen.getByText('Log out')).toBeTruthy();
  });
});
