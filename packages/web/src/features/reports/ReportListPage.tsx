import { useTranslation } from 'react-i18next';
import { columnTitles, ListTable, Page } from '../../components/index.ts';

const COLUMNS = [
  'lastRun',
  'name',
  'schedule',
  'notificationMethod',
  'owners',
  'lastModified',
  'active',
  'actions',
] as const;

export function ReportListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.reports')}>
      <ListTable
        rowKey="id"
        columns={columnTitles(t, 'reports.columns', COLUMNS)}
        dataSource={[]}
        emptyText={t('reports.empty')}
      />
    </Page>
  );
}
