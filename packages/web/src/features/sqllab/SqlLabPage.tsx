import { useTranslation } from 'react-i18next';
import { columnTitles, ListTable, Page } from '../../components/index.ts';

const HISTORY_COLUMNS = ['state', 'started', 'duration', 'rows', 'sql', 'results'] as const;

/** SQL Lab's query history: the list every query run here will join. */
export function SqlLabPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.sqlLab')}>
      <ListTable
        rowKey="id"
        title={() => t('sqlLab.history')}
        columns={columnTitles(t, 'sqlLab.columns', HISTORY_COLUMNS)}
        dataSource={[]}
        emptyText={t('sqlLab.empty')}
      />
    </Page>
  );
}
