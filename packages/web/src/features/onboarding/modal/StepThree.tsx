import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { roleLabels } from '../roleLabel.ts';

/** A team step 2 joined at once, with the roles it gave. */
export interface JoinedTeam {
  name: string;
  roles: string[];
}

/**
 * The confirmation. A new team's request waits for an administrator ('Your request was created'; the
 * profile lists it); an existing team was joined at once, and its dashboards are open now.
 */
export function StepThree({ joined, onNavigate }: { joined: JoinedTeam | null; onNavigate: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (joined) {
    return (
      <>
        <Typography.Title level={4}>
          {t('onboarding.step3.joinedHeading', { team: joined.name })}
        </Typography.Title>
        <Typography.Paragraph>
          {t('onboarding.step3.joinedText', { roles: roleLabels(joined.roles, t) })}
        </Typography.Paragraph>
        <Button
          type="primary"
          onClick={() => {
            onNavigate();
            void navigate('/dashboard/list/');
          }}
        >
          {t('onboarding.step3.openDashboards')}
        </Button>
      </>
    );
  }
  return (
    <>
      <Typography.Title level={4}>{t('onboarding.step3.heading')}</Typography.Title>
      <Typography.Paragraph>
        {t('onboarding.step3.textBefore')}
        <Link to="/users/userinfo/" onClick={onNavigate}>
          {t('onboarding.step3.profileLink')}
        </Link>
        {t('onboarding.step3.textAfter')}
      </Typography.Paragraph>
    </>
  );
}
