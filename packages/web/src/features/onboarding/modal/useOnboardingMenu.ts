import { useMyTeam, useOnboarding } from '../../../api/onboarding.ts';
import { startOnboardingByUser } from './onboardingStorage.ts';

/**
 * Whether the user menu offers 'Onboarding': while onboarding is unfinished or the person has no team.
 * Nothing shows while either answer is missing (someone without onboarding rights never sees it).
 */
export function useOnboardingMenu(): { visible: boolean; pending: boolean; start: () => void } {
  const onboarding = useOnboarding();
  const myTeam = useMyTeam();
  const visible =
    onboarding.isSuccess &&
    myTeam.isSuccess &&
    (!onboarding.data.is_onboarding_finished || myTeam.data.team === null);
  // While either is loading the menu does not know yet whether it has the item.
  const pending = onboarding.isPending || myTeam.isPending;
  return { visible, pending, start: startOnboardingByUser };
}
