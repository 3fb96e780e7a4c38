import { PlusOutlined } from '@ant-design/icons';
import type { ListQueryParams } from '@vitrina/common';
import { Button, type TableColumnsType, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  DATABASE_LIST_COLUMNS,
  type DatabaseListItem,
  useDatabases,
  useDeleteDatabase,
} from '../../api/databases.ts';
import { errorText } from '../../api/errors.ts';
import {
  actionsColumn,
  BooleanMark,
  ListView,
  Page,
  RowActions,
  useFormat,
  useListState,
  useToasts,
} from '../../components/index.ts';
import { UploadModal } from '../datasets/index.ts';
import { ConnectionModal } from './ConnectionModal.tsx';

const PAGE_SIZE = 25;

type Dialog =
  | { kind: 'connection'; databaseId?: number }
  | { kind: 'upload'; databaseId: number }
  | undefined;

/** The screen's list state: one page size, always by name (its columns do not sort). */
const INITIAL_DATABASE_LIST = {
  page: 0,
  pageSize: PAGE_SIZE,
  sortColumn: 'database_name',
  sortDirection: 'asc' as const,
  searchText: '',
};

/** The list query of the databases screen: a name search, sorted by name. */
export function databaseListQuery(searchText: string, page: number): ListQueryParams {
  const text = searchText.trim();
  return {
    ...(text ? { filters: [{ col: 'database_name', opr: 'ct', value: text }] } : {}),
    order_column: 'database_name',
    order_direction: 'asc',
    page,
    page_size: PAGE_SIZE,
    columns: DATABASE_LIST_COLUMNS,
  };
}

/** The positive id in a link's `?edit=` (a search hit), if any. */
export function linkedDatabaseId(params: URLSearchParams): number | undefined {
  const raw = params.get('edit');
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && Number.isSafeInteger(id) ? id : undefined;
}

/** A link with `?edit=<id>` opens that database's dialog, then drops the parameter (so closing stays closed). */
function useOpenFromLink(open: (dialog: Dialog) => void) {
  const [params, setParams] = useSearchParams();
  const databaseId = linkedDatabaseId(params);
  useEffect(() => {
    if (!params.has('edit')) return;
    if (databaseId !== undefined) open({ kind: 'connection', databaseId });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('edit');
        return next;
      },
      { replace: true },
    );
  }, [params, databaseId, open, setParams]);
}

export function DatabaseListPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { addSuccessToast, addDangerToast } = useToasts();
  const list = useListState(INITIAL_DATABASE_LIST);
  const [dialog, setDialog] = useState<Dialog>();
  useOpenFromLink(setDialog);
  const databases = useDatabases(databaseListQuery(list.state.searchText, list.state.page));
  const deleteDatabase = useDeleteDatabase();

  const remove = (database: DatabaseListItem) =>
    deleteDatabase.mutate(database.id, {
      onSuccess: () => addSuccessToast(t('databases.deleted', { name: database.database_name })),
      onError: (error) => addDangerToast(errorText(error, t)),
    });

  const flag = (key: keyof DatabaseListItem, titleKey: string) => ({
    key,
    dataIndex: key,
    title: t(titleKey),
    align: 'center' as const,
    render: (value: boolean) => <BooleanMark value={value} />,
  });

  const columns: TableColumnsType<DatabaseListItem> = [
    {
      key: 'database_name',
      dataIndex: 'database_name',
      title: t('databases.columns.name'),
      render: (name: string, database) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => setDialog({ kind: 'connection', databaseId: database.id })}
        >
          {name}
        </Button>
      ),
    },
    { key: 'backend', dataIndex: 'backend', title: t('databases.columns.backend') },
    flag('allow_run_async', 'databases.columns.async'),
    flag('allow_dml', 'databases.columns.dml'),
    flag('allow_file_upload', 'databases.columns.fileUpload'),
    flag('expose_in_sqllab', 'databases.columns.exposeInSqlLab'),
    {
      key: 'changed_on',
      dataIndex: 'changed_on',
      title: t('databases.columns.lastModified'),
      render: (value: string | null) => format.date(value),
    },
    actionsColumn(t('common.actions'), (database) => (
      <RowActions
        onEdit={() => setDialog({ kind: 'connection', databaseId: database.id })}
        deleteTitle={t('databases.deleteConfirm', { name: database.database_name })}
        onDelete={() => remove(database)}
      >
        {database.allow_file_upload && (
          <Tooltip title={t('databases.uploadHint')}>
            <Button
              size="small"
              type="link"
              onClick={() => setDialog({ kind: 'upload', databaseId: database.id })}
            >
              {t('databases.upload')}
            </Button>
          </Tooltip>
        )}
      </RowActions>
    )),
  ];

  return (
    <Page
      title={t('nav.databases')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'connection' })}>
          {t('databases.add')}
        </Button>
      }
    >
      <ListView<DatabaseListItem, typeof INITIAL_DATABASE_LIST>
        list={list}
        query={databases}
        columns={columns}
        emptyText={t('databases.empty')}
        search={{
          label: t('databases.search'),
          placeholder: t('databases.searchPlaceholder'),
          width: 320,
          onSearch: (searchText) => list.update({ searchText }),
        }}
        paging={{ hideOnSinglePage: true, showSizeChanger: false }}
      />
      {dialog?.kind === 'connection' && (
        <ConnectionModal databaseId={dialog.databaseId} onClose={() => setDialog(undefined)} />
      )}
      {dialog?.kind === 'upload' && (
        <UploadModal databaseId={dialog.databaseId} onClose={() => setDialog(undefined)} />
      )}
    </Page>
  );
}
