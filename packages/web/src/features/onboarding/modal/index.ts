export { OnboardingEntryPoint } from './OnboardingEntryPoint.tsx';
export { startOnboardingByUser } from './onboardingStorage.ts';
export { useOnboardingMenu } from './useOnboardingMenu.ts';
