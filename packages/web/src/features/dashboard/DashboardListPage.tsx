import { useTranslation } from 'react-i18next';
import { columnTitles, ListTable, Page } from '../../components/index.ts';

const COLUMNS = ['name', 'status', 'owners', 'modifiedBy', 'lastModified', 'actions'] as const;

export function DashboardListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.dashboards')}>
      <ListTable
        rowKey="id"
        columns={columnTitles(t, 'dashboards.columns', COLUMNS)}
        dataSource={[]}
        emptyText={t('dashboards.empty')}
      />
    </Page>
  );
}
