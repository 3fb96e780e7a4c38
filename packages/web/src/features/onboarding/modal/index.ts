export { OnboardingEntryPoint } from './OnboardingEntryPoint.tsx';
export { useOnboardingMenu } from './useOnboardingMenu.ts';
