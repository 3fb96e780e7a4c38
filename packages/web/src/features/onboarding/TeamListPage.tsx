import { useTranslation } from 'react-i18next';
import { columnTitles, ListTable, Page, RequireAdmin } from '../../components/index.ts';
import { OnboardingTabs } from './OnboardingTabs.tsx';

const COLUMNS = ['id', 'name', 'slug', 'roles', 'members', 'franchisee', 'actions'] as const;

export function TeamListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.teams')} extra={<OnboardingTabs current="teams" />}>
      <RequireAdmin>
        <ListTable
          rowKey="id"
          columns={columnTitles(t, 'onboarding.teamColumns', COLUMNS)}
          dataSource={[]}
          emptyText={t('onboarding.noTeams')}
        />
      </RequireAdmin>
    </Page>
  );
}
