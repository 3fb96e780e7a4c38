import { onboardingStep } from '@vitrina/common';
import { Spin } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import { useMyStatements, useMyTeam, useOnboarding } from '../../../api/onboarding.ts';
import { ErrorBox, lazyComponent } from '../../../components/index.ts';
import { isEmbeddedPage } from './embedded.ts';
import {
  closedInThisBrowser,
  readOnboardingMemory,
  rememberOnboardingClosed,
  subscribeOnboardingMemory,
} from './onboardingStorage.ts';
import type { JoinedTeam } from './StepThree.tsx';

// Every page mounts this, and most users never see a step: the dialog and the forms load when one is due.
const OnboardingModal = lazyComponent(() =>
  import('./OnboardingModal.tsx').then((module) => module.OnboardingModal),
);
const StepThree = lazyComponent(() => import('./StepThree.tsx').then((module) => module.StepThree));
const StepOne = lazyComponent(() => import('./StepOne.tsx').then((module) => module.StepOne));
const StepTwo = lazyComponent(() => import('./StepTwo.tsx').then((module) => module.StepTwo));

/** Step 2 was submitted in this session: the team joined at once, or null when the request waits. */
type StepTwoOutcome = { joined: JoinedTeam | null };

/**
 * Mounted once in the app shell: shows the onboarding step that is due, if any. It opens by itself for a
 * newcomer (the server's `open_by_itself`) until they close it in this browser, and otherwise from the menu.
 */
export function OnboardingEntryPoint() {
  const [embedded] = useState(isEmbeddedPage);
  const memory = useSyncExternalStore(subscribeOnboardingMemory, readOnboardingMemory);
  const startedByUser = memory.initialByUser === true;
  const onboarding = useOnboarding(!embedded);
  // Only someone who finished onboarding and opens it again needs their team and requests.
  const reopened = startedByUser && onboarding.data?.is_onboarding_finished === true;
  const myTeam = useMyTeam(!embedded && reopened);
  const myStatements = useMyStatements(!embedded && reopened);
  const [passedStepTwo, setPassedStepTwo] = useState<StepTwoOutcome | null>(null);
  if (embedded) return null;
  const recordId = onboarding.data?.id;
  const close = () => {
    setPassedStepTwo(null);
    rememberOnboardingClosed(recordId);
  };
  // The request is filed: step 3 confirms it now, and nothing reopens on the next page load.
  const finished = (joined: JoinedTeam | null) => {
    setPassedStepTwo({ joined });
    rememberOnboardingClosed(recordId);
  };
  // Opened from the menu before the record arrived (or it failed): the loading or the error shows.
  if (!onboarding.data) {
    if (!startedByUser || onboarding.isSuccess) return null;
    return (
      <OnboardingModal illustration="aboutYou" onClose={close}>
        {onboarding.isError ? <ErrorBox error={onboarding.error} /> : <Spin />}
      </OnboardingModal>
    );
  }
  // Reopened without a team: the team is known from the user menu; the requests load or fail here.
  const teamless = reopened && !passedStepTwo && myTeam.data?.team === null;
  const reopenError =
    reopened && !passedStepTwo ? (myTeam.error ?? (teamless ? myStatements.error : null)) : null;
  if (reopenError || (teamless && myStatements.isPending)) {
    return (
      <OnboardingModal illustration="team" onClose={close}>
        {reopenError ? <ErrorBox error={reopenError} /> : <Spin />}
      </OnboardingModal>
    );
  }
  const info = onboarding.data;
  const step = onboardingStep({
    isOnboardingFinished: info.is_onboarding_finished,
    onboardingStartedTime: info.onboarding_started_time,
    startedByUser,
    opensByItself: info.open_by_itself && !closedInThisBrowser(memory, info.id),
    passedStepTwo: passedStepTwo !== null,
    embedded,
    hasTeam: myTeam.data ? myTeam.data.team !== null : undefined,
    hasOpenRequest: myStatements.data?.some((statement) => statement.state === 'open'),
  });
  if (step === 'none') return null;
  if (step === 'step3') {
    return (
      <OnboardingModal illustration="team" onClose={close}>
        <StepThree joined={passedStepTwo?.joined ?? null} onNavigate={close} />
      </OnboardingModal>
    );
  }
  return (
    <OnboardingModal illustration={step === 'step1' ? 'aboutYou' : 'team'} onClose={close}>
      {step === 'step1' ? <StepOne info={info} /> : <StepTwo onFinished={finished} />}
    </OnboardingModal>
  );
}
