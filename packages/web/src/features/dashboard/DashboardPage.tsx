import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/index.ts';

/** A dashboard by id or slug; no dashboard can exist until dashboards can be created. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { idOrSlug = '' } = useParams();
  return (
    <Page title={t('dashboard.title', { idOrSlug })}>
      <Empty description={t('dashboard.missing', { idOrSlug })}>
        <Link to="/dashboard/list/">
          <Button type="primary">{t('dashboard.backToList')}</Button>
        </Link>
      </Empty>
    </Page>
  );
}
