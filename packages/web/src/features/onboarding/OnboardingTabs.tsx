import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const TABS = {
  requests: '/onboarding/request/list',
  teams: '/onboarding/team/list',
} as const;

/** The onboarding administration has two tabs: Requests and Teams. */
export function OnboardingTabs({ current }: { current: keyof typeof TABS }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Segmented<keyof typeof TABS>
      value={current}
      options={[
        { value: 'requests', label: t('onboarding.tabs.requests') },
        { value: 'teams', label: t('onboarding.tabs.teams') },
      ]}
      onChange={(tab) => navigate(TABS[tab])}
    />
  );
}
