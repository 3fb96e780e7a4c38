import { LogoutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusResult } from '../../components/index.ts';
import { logOut } from './logout.ts';

/**
 * GET /logout/ (a link or bookmark, as Superset has one): a GET must change nothing, so the page asks,
 * and the button posts the logout.
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    document.title = `${t('sessions.logout.title')} · Vitrina`;
  }, [t]);
  return (
    <StatusResult
      icon={<LogoutOutlined />}
      title={t('sessions.logout.title')}
      subTitle={t('sessions.logout.description')}
      extra={[
        <Button
          key="logout"
          type="primary"
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void logOut().catch(() => setLeaving(false));
          }}
        >
          {t('sessions.logout.confirm')}
        </Button>,
        <Button key="cancel" onClick={() => navigate('/')}>
          {t('common.cancel')}
        </Button>,
      ]}
    />
  );
}
