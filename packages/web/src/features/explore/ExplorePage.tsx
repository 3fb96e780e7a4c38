import { useTranslation } from 'react-i18next';
import { columnTitles, ListTable, Page } from '../../components/index.ts';

const COLUMNS = ['name', 'database', 'schema'] as const;

/** Explore starts from a dataset; this is the list to choose one from. */
export function ExplorePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('explore.title')}>
      <ListTable
        rowKey="id"
        title={() => t('explore.chooseDataset')}
        columns={columnTitles(t, 'explore.columns', COLUMNS)}
        dataSource={[]}
        emptyText={t('datasets.empty')}
      />
    </Page>
  );
}
