import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** 'You request created': the request now waits for an administrator; the profile lists it. */
export function StepThree({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
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
