/**
 * What the app shell and other features may use from onboarding; the routed screens are in screens.ts, loaded
 * lazily by the router. The shell and the no-access page load this file eagerly, so the profile's section (used
 * only by the profile page) is loaded when first drawn, not with the shell.
 */
import { lazyScreen } from '../../app/lazyScreen.ts';

export { OnboardingEntryPoint, startOnboardingByUser, useOnboardingMenu } from './modal/index.ts';
export { roleLabel } from './roleLabel.ts';

export const ProfileOnboardingSection = lazyScreen(
  () => import('./ProfileOnboardingSection.tsx'),
  'ProfileOnboardingSection',
);
