import { useTranslation } from 'react-i18next';
import { columnTitles, ListTable, Page } from '../../components/index.ts';

const COLUMNS = ['name', 'type', 'database', 'schema', 'owners', 'lastModified', 'actions'] as const;

export function DatasetListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.datasets')}>
      <ListTable
        rowKey="id"
        columns={columnTitles(t, 'datasets.columns', COLUMNS)}
        dataSource={[]}
        emptyText={t('datasets.empty')}
      />
    </Page>
  );
}
