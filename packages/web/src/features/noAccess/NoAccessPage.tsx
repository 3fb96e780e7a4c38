import { LockOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyStatements } from '../../api/onboarding.ts';
import { StatusResult } from '../../components/index.ts';
import { startOnboardingByUser } from '../onboarding/index.ts';

/**
 * What someone without any role sees instead of a screen: why there is nothing, and the way to access
 * (onboarding), or that their request waits for an administrator.
 */
export function NoAccessPage() {
  const { t } = useTranslation();
  const statements = useMyStatements();
  const waiting = statements.data?.some((statement) => statement.state === 'open') === true;

  useEffect(() => {
    document.title = `${t('noAccess.title')} · Vitrina`;
  }, [t]);

  return (
    <StatusResult
      icon={<LockOutlined />}
      title={
        // The page's heading, in the result's own type size.
        <h1 style={{ font: 'inherit', margin: 0 }}>{t('noAccess.title')}</h1>
      }
      subTitle={waiting ? t('noAccess.waiting') : t('noAccess.description')}
      extra={
        <Space wrap>
          {!waiting && (
            <Button type="primary" onClick={startOnboardingByUser}>
              {t('noAccess.startOnboarding')}
            </Button>
          )}
          <Link to="/users/userinfo/">
            <Button type={waiting ? 'primary' : 'default'}>{t('noAccess.profile')}</Button>
          </Link>
        </Space>
      }
    />
  );
}
