import { useTranslation } from 'react-i18next';
import { columnTitles, ListTable, Page, RequireAdmin } from '../../components/index.ts';
import { OnboardingTabs } from './OnboardingTabs.tsx';

const COLUMNS = [
  'id',
  'user',
  'email',
  'requestedRoles',
  'team',
  'requestDate',
  'closed',
  'actions',
] as const;

export function RequestListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.onboardingRequests')} extra={<OnboardingTabs current="requests" />}>
      <RequireAdmin>
        <ListTable
          rowKey="id"
          columns={columnTitles(t, 'onboarding.requestColumns', COLUMNS)}
          dataSource={[]}
          emptyText={t('onboarding.noRequests')}
        />
      </RequireAdmin>
    </Page>
  );
}
