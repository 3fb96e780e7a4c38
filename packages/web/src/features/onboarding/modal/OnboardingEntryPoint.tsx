import { onboardingStep } from '@vitrina/common';
import { Spin } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import { useOnboarding } from '../../../api/onboarding.ts';
import { ErrorBox } from '../../../components/index.ts';
import { isEmbeddedPage } from './embedded.ts';
import { OnboardingModal } from './OnboardingModal.tsx';
import {
  readOnboardingMemory,
  rememberOnboardingClosed,
  subscribeOnboardingMemory,
} from './onboardingStorage.ts';
import { StepOne } from './StepOne.tsx';
import { StepThree } from './StepThree.tsx';
import { StepTwo } from './StepTwo.tsx';

/** Mounted once in the app shell: shows the onboarding step that is due, if any. */
export function OnboardingEntryPoint() {
  const [embedded] = useState(isEmbeddedPage);
  const memory = useSyncExternalStore(subscribeOnboardingMemory, readOnboardingMemory);
  const startedByUser = memory.initialByUser === true;
  const onboarding = useOnboarding(!embedded);
  const [passedStepTwo, setPassedStepTwo] = useState(false);

  if (embedded) return null;
  const close = () => rememberOnboardingClosed();

  // Opened from the menu before the record arrived (or it failed): the loading or the error shows.
  if (!onboarding.data) {
    if (!startedByUser || onboarding.isSuccess) return null;
    return (
      <OnboardingModal onClose={close}>
        {onboarding.isError ? <ErrorBox error={onboarding.error} /> : <Spin />}
      </OnboardingModal>
    );
  }

  const info = onboarding.data;
  const step = onboardingStep({
    isOnboardingFinished: info.is_onboarding_finished,
    onboardingStartedTime: info.onboarding_started_time,
    startedByUser,
    passedStepTwo,
    embedded,
  });
  if (step === 'none') return null;
  if (step === 'step3') {
    const done = () => setPassedStepTwo(false);
    return (
      <OnboardingModal onClose={done}>
        <StepThree onNavigate={done} />
      </OnboardingModal>
    );
  }
  return (
    <OnboardingModal onClose={close}>
      {step === 'step1' ? <StepOne info={info} /> : <StepTwo onFinished={() => setPassedStepTwo(true)} />}
    </OnboardingModal>
  );
}
