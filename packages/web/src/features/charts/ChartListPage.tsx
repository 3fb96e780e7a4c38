import { useTranslation } from 'react-i18next';
import { columnTitles, ListTable, Page } from '../../components/index.ts';

const COLUMNS = ['name', 'type', 'dataset', 'dashboards', 'owners', 'lastModified', 'actions'] as const;

export function ChartListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.charts')}>
      <ListTable
        rowKey="id"
        columns={columnTitles(t, 'charts.columns', COLUMNS)}
        dataSource={[]}
        emptyText={t('charts.empty')}
      />
    </Page>
  );
}
