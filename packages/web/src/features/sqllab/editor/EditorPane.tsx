import {
  CaretRightOutlined,
  DollarOutlined,
  FormatPainterOutlined,
  LinkOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SaveOutlined,
  ScheduleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { DatabaseListItem, FunctionNamesResponse, TableMetadataResponse } from '@vitrina/common';
import { RUNNING_QUERY_STATES } from '@vitrina/common';
import { Button, Flex, Input, Select, Space, Tooltip } from 'antd';
import {
  type Dispatch,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import { databaseKeys, useSchemas, useTables } from '../../../api/databases.ts';
import { errorText } from '../../../api/errors.ts';
import { createPermalink, formatSql, tableSchemaApi, tabStateApi } from '../../../api/sqllab.ts';
import { copyText, useToasts } from '../../../components/index.ts';
import { TableBrowser } from '../leftBar/TableBrowser.tsx';
import { ElapsedTimer } from '../results/ElapsedTimer.tsx';
import { SouthPane } from '../results/SouthPane.tsx';
import { clampPercent, readNorthPercent, writeNorthPercent } from '../splitSizes.ts';
import {
  type CtasTarget,
  type EditorAction,
  type EditorState,
  type EditorTab,
  newClientId,
  type QueryRun,
  type TableSchema,
} from '../state/editorState.ts';
import { toTablePayload } from '../state/tabStorage.ts';
import type { PersistenceMode } from '../state/usePersistence.ts';
import type { RunOptions } from '../state/useQueryRunner.ts';
import { templateParamsError } from '../templateParams.ts';
import { CreateDatasetModal } from './CreateDatasetModal.tsx';
import { EstimateModal } from './EstimateModal.tsx';
import { SaveQueryModal } from './SaveQueryModal.tsx';
import { ScheduleQueryModal } from './ScheduleQueryModal.tsx';
import { ShortcutsPopover } from './ShortcutsPopover.tsx';
import { SqlLabEditor } from './SqlLabEditor.tsx';
import { TemplateParamsButton } from './TemplateParamsButton.tsx';

/** Superset's limit dropdown: powers of ten from 10 up to the maximum, with the default 1000. */
export function limitOptions(maxRows: number): number[] {
  const options: number[] = [];
  for (let limit = 10; limit <= maxRows; limit *= 10) options.push(limit);
  if (options[options.length - 1] !== maxRows) options.push(maxRows);
  return options;
}

export const MAX_ROWS = 100_000;
const EDITOR_AREA_HEIGHT = 'calc(100vh - 190px)';

interface EditorPaneProps {
  tab: EditorTab;
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  databases: DatabaseListItem[];
  mode: PersistenceMode;
  run: (options: RunOptions) => string | null;
  stop: (query: QueryRun) => void;
}

/** One tab's editor: left bar, SQL, toolbar, and the south pane, split by a draggable bar. */
export function EditorPane({ tab, state, dispatch, databases, mode, run, stop }: EditorPaneProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const [selected, setSelected] = useState('');
  // The tab's own split, else the last one dragged in any tab.
  const [northPercent, setNorthPercent] = useState(() =>
    tab.northPercent !== null ? clampPercent(tab.northPercent) : readNorthPercent(),
  );
  const [estimateSql, setEstimateSql] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [datasetQuery, setDatasetQuery] = useState<QueryRun | null>(null);
  // CREATE TABLE/VIEW AS, where the database allows it: 'results' runs as usual.
  const [runAs, setRunAs] = useState<'results' | CtasTarget['method']>('results');
  const [ctasName, setCtasName] = useState('');
  const splitRef = useRef<HTMLDivElement>(null);
  // Read once: the editor restores it when it opens; later moves only update the tab.
  const [initialCursor] = useState(tab.cursorPosition);
  const [splitHeight, setSplitHeight] = useState(600);

  const database = databases.find((each) => each.id === tab.dbId);
  const latest = tab.latestQueryId ? state.queries[tab.latestQueryId] : undefined;
  const running = latest !== undefined && RUNNING_QUERY_STATES.includes(latest.state);
  const tables = state.tables.filter((table) => table.tabId === tab.id);
  const update = (changes: Partial<EditorTab>) => dispatch({ type: 'updateTab', id: tab.id, changes });
  const sqlToRun = () => (selected.trim() ? selected : tab.sql);

  const schemas = useSchemas(tab.dbId ?? undefined);
  const tableList = useTables(tab.dbId ?? undefined, tab.schema ?? undefined);
  const completion = useCompletion(
    tab,
    schemas.data ?? [],
    (tableList.data ?? []).map((entry) => entry.value),
    tables,
  );

  const functionNames = useFunctionNames(tab.dbId);

  const runAsOptions = [
    ...(database?.allow_ctas ? [{ value: 'TABLE' as const, label: t('sqlLab.ctas.table') }] : []),
    ...(database?.allow_cvas ? [{ value: 'VIEW' as const, label: t('sqlLab.ctas.view') }] : []),
  ];
  const runQuery = () => {
    if (running || tab.dbId === null || !sqlToRun().trim()) return;
    const paramsError = templateParamsError(tab.templateParams);
    if (paramsError) {
      toasts.addDangerToast(t('sqlLab.templateParamsInvalid', { message: paramsError }));
      return;
    }
    const ctas =
      runAsOptions.length > 0 && runAs !== 'results'
        ? { method: runAs, tableName: ctasName.trim() }
        : undefined;
    if (ctas && !ctas.tableName) return;
    run({ tab, sql: sqlToRun(), runAsync: Boolean(database?.allow_run_async), ctas });
  };
  // A tab opened to run at once (share link or `?autorun=true`) runs when its database is known, once.
  const autorunRef = useRef(runQuery);
  autorunRef.current = runQuery;
  const canAutorun = tab.autorun && database !== undefined;
  useEffect(() => {
    if (!canAutorun) return;
    dispatch({ type: 'updateTab', id: tab.id, changes: { autorun: false } });
    autorunRef.current();
  }, [canAutorun, dispatch, tab.id]);
  const stopQuery = () => {
    if (latest && running) stop(latest);
  };
  const format = () => {
    formatSql({ sql: tab.sql, database_id: tab.dbId, engine: database?.backend })
      .then((sql) => update({ sql }))
      .catch((error: unknown) =>
        toasts.addDangerToast(`${t('sqlLab.toasts.formatFailed')}: ${errorText(error, t)}`),
      );
  };
  const share = () => {
    createPermalink({
      dbId: tab.dbId,
      catalog: tab.catalog,
      schema: tab.schema,
      sql: tab.sql,
      name: tab.name,
      autorun: false,
      templateParams: tab.templateParams || null,
    })
      .then(async ({ key, url }) => {
        const link = url?.startsWith('http') ? url : `${window.location.origin}/sqllab/p/${key}`;
        if (await copyText(link)) toasts.addSuccessToast(t('sqlLab.toasts.linkCopied'));
      })
      .catch((error: unknown) => toasts.addDangerToast(errorText(error, t)));
  };

  const addTable = (schema: string, name: string) => {
    if (tab.dbId === null) return;
    const table: TableSchema = {
      id: newClientId(),
      remoteId: null,
      tabId: tab.id,
      dbId: tab.dbId,
      catalog: tab.catalog,
      schema,
      name,
      expanded: true,
      previewQueryId: null,
    };
    dispatch({ type: 'addTable', table });
    if (mode === 'backend' && tab.remoteId !== null) {
      tableSchemaApi
        .create(toTablePayload(table, tab))
        .then((remoteId) => dispatch({ type: 'updateTable', id: table.id, changes: { remoteId } }))
        .catch(() => toasts.addDangerToast(t('sqlLab.toasts.tableMetadataFailed')));
    }
  };
  const toggleTable = (table: TableSchema) => {
    dispatch({ type: 'updateTable', id: table.id, changes: { expanded: !table.expanded } });
    if (mode === 'backend' && table.remoteId !== null) {
      tableSchemaApi
        .expanded(table.remoteId, !table.expanded)
        .catch(() =>
          toasts.addDangerToast(
            t(table.expanded ? 'sqlLab.toasts.tableCollapseFailed' : 'sqlLab.toasts.tableExpandFailed'),
          ),
        );
    }
  };
  const removeTable = (table: TableSchema) => {
    dispatch({ type: 'removeTable', id: table.id });
    if (table.previewQueryId) dispatch({ type: 'removeQuery', id: table.previewQueryId });
    if (mode === 'backend' && table.remoteId !== null) {
      tableSchemaApi
        .remove(table.remoteId)
        .catch(() => toasts.addDangerToast(t('sqlLab.toasts.tableRemoveFailed')));
    }
  };
  const preview = (table: TableSchema, selectStar: string) => {
    const id = run({
      tab: { ...tab, dbId: table.dbId, schema: table.schema },
      sql: selectStar,
      runAsync: false,
      previewOf: table.id,
    });
    if (id) {
      dispatch({ type: 'updateTable', id: table.id, changes: { previewQueryId: id } });
      update({ southTab: `preview:${table.id}` });
    }
  };

  const openInNewTab = (query: QueryRun) =>
    dispatch({
      type: 'addTab',
      tab: { sql: query.sql, dbId: query.dbId, schema: query.schema, catalog: query.catalog },
    });

  // As in Superset, a query kept on the server leaves the history only once the server has let it go.
  const removeQuery = (query: QueryRun) => {
    if (mode !== 'backend' || tab.remoteId === null) {
      dispatch({ type: 'removeQuery', id: query.id });
      return;
    }
    tabStateApi
      .removeQuery(tab.remoteId, query.id)
      .then(() => dispatch({ type: 'removeQuery', id: query.id }))
      .catch(() => toasts.addDangerToast(t('sqlLab.toasts.removeQueryFailed')));
  };

  const startDrag = (event: ReactPointerEvent) => {
    const box = splitRef.current?.getBoundingClientRect();
    if (!box) return;
    event.preventDefault();
    const move = (moveEvent: PointerEvent) => {
      setNorthPercent(((moveEvent.clientY - box.top) / box.height) * 100);
    };
    const end = (endEvent: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      const percent = clampPercent(((endEvent.clientY - box.top) / box.height) * 100);
      writeNorthPercent(percent);
      setNorthPercent(percent);
      update({ northPercent: Math.round(percent * 10) / 10 });
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
  };
  const clampedNorth = Math.min(85, Math.max(15, northPercent));
  const southHeight = (splitHeight * (100 - clampedNorth)) / 100;

  return (
    <Flex gap={12} style={{ height: EDITOR_AREA_HEIGHT, minHeight: 420 }}>
      {!tab.hideLeftBar && (
        <Flex
          vertical
          gap={8}
          style={{ width: 280, flexShrink: 0, overflowY: 'auto' }}
          className="sqllab-left-bar"
        >
          <Select
            aria-label={t('sqlLab.database')}
            placeholder={t('sqlLab.selectDatabase')}
            value={tab.dbId ?? undefined}
            onChange={(dbId: number) => update({ dbId, schema: null, catalog: null })}
            options={databases.map((each) => ({ value: each.id, label: each.database_name }))}
            showSearch
            optionFilterProp="label"
          />
          <TableBrowser
            tab={tab}
            tables={tables}
            allowPreview={!database?.disable_data_preview}
            schemaOptions={schemas.data ?? []}
            onSchemaChange={(schema) => update({ schema })}
            onAddTable={addTable}
            onToggleTable={toggleTable}
            onRemoveTable={removeTable}
            onPreview={preview}
          />
        </Flex>
      )}
      <div
        ref={(element) => {
          splitRef.current = element;
          if (element && Math.abs(element.clientHeight - splitHeight) > 4 && element.clientHeight > 0) {
            setSplitHeight(element.clientHeight);
          }
        }}
        style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
      >
        <div
          style={{
            height: `${clampedNorth}%`,
            display: 'flex',
            flexDirection: 'column',
            gap: 8,
            minHeight: 0,
          }}
        >
          <div style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
            <SqlLabEditor
              value={tab.sql}
              onChange={(sql) => update({ sql })}
              onSelectionChange={setSelected}
              initialCursor={initialCursor}
              onCursorChange={(cursor) => {
                const known = tab.cursorPosition;
                if (known?.row !== cursor.row || known?.column !== cursor.column)
                  update({ cursorPosition: cursor });
              }}
              commands={{
                run: runQuery,
                stop: stopQuery,
                format,
                newTab: () => dispatch({ type: 'addTab' }),
              }}
              backend={database?.backend}
              completion={completion}
              defaultSchema={tab.schema ?? undefined}
              functionNames={functionNames.data}
              height="100%"
              ariaLabel={t('sqlLab.columns.sql')}
            />
          </div>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Space wrap>
              <Tooltip title={tab.hideLeftBar ? t('sqlLab.leftBar.show') : t('sqlLab.leftBar.hide')}>
                <Button
                  aria-label={tab.hideLeftBar ? t('sqlLab.leftBar.show') : t('sqlLab.leftBar.hide')}
                  icon={tab.hideLeftBar ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                  onClick={() => update({ hideLeftBar: !tab.hideLeftBar })}
                />
              </Tooltip>
              {running ? (
                <Button danger icon={<StopOutlined />} onClick={stopQuery}>
                  {t('sqlLab.stop')}
                </Button>
              ) : (
                <Button
                  type="primary"
                  icon={<CaretRightOutlined />}
                  onClick={runQuery}
                  disabled={tab.dbId === null || (runAs !== 'results' && !ctasName.trim())}
                >
                  {selected.trim() ? t('sqlLab.runSelection') : t('sqlLab.run')}
                </Button>
              )}
              {runAsOptions.length > 0 && (
                <Select
                  aria-label={t('sqlLab.ctas.runAs')}
                  value={runAsOptions.some((option) => option.value === runAs) ? runAs : 'results'}
                  onChange={setRunAs}
                  options={[{ value: 'results' as const, label: t('sqlLab.ctas.results') }, ...runAsOptions]}
                  style={{ width: 180 }}
                />
              )}
              {runAsOptions.some((option) => option.value === runAs) && (
                <Input
                  aria-label={t('sqlLab.ctas.targetName')}
                  placeholder={t('sqlLab.ctas.targetName')}
                  value={ctasName}
                  onChange={(event) => setCtasName(event.target.value)}
                  style={{ width: 200 }}
                />
              )}
              {latest && running && <ElapsedTimer start={latest.startDttm} end={null} />}
              <Select
                aria-label={t('sqlLab.limit')}
                value={tab.queryLimit}
                onChange={(queryLimit: number) => update({ queryLimit })}
                options={limitOptions(MAX_ROWS).map((limit) => ({
                  value: limit,
                  label: t('sqlLab.limitOption', { count: limit }),
                }))}
                style={{ width: 140 }}
              />
              {database?.allows_cost_estimate && (
                <Button
                  icon={<DollarOutlined />}
                  onClick={() => setEstimateSql(sqlToRun())}
                  disabled={tab.dbId === null}
                >
                  {t('sqlLab.estimate')}
                </Button>
              )}
              <TemplateParamsButton
                value={tab.templateParams}
                onChange={(templateParams) => update({ templateParams })}
              />
            </Space>
            <Space wrap>
              <Button icon={<FormatPainterOutlined />} onClick={format}>
                {t('sqlLab.format')}
              </Button>
              <Button icon={<SaveOutlined />} onClick={() => setSaving(true)} disabled={tab.dbId === null}>
                {t('sqlLab.save')}
              </Button>
              {/* A scheduled run is an async run on a worker: only where the database allows those. */}
              {database?.allow_run_async && (
                <Button
                  icon={<ScheduleOutlined />}
                  onClick={() => setScheduling(true)}
                  disabled={!tab.sql.trim()}
                >
                  {t('sqlLab.schedule')}
                </Button>
              )}
              <Button icon={<LinkOutlined />} onClick={share} disabled={tab.dbId === null}>
                {t('sqlLab.share')}
              </Button>
              <ShortcutsPopover />
            </Space>
          </Flex>
        </div>
        <button
          type="button"
          aria-label={t('sqlLab.resizePanes')}
          onPointerDown={startDrag}
          style={{
            height: 8,
            cursor: 'row-resize',
            background: 'var(--ant-color-fill-secondary, #f0f0f0)',
            margin: '6px 0',
          }}
        />
        <div style={{ flex: 1, minHeight: 0, overflow: 'hidden' }} className="sqllab-south">
          <SouthPane
            state={state}
            tab={tab}
            height={southHeight}
            onSelect={(southTab) => update({ southTab })}
            onClosePreview={(tableId) => {
              const table = tables.find((each) => each.id === tableId);
              if (table?.previewQueryId) dispatch({ type: 'removeQuery', id: table.previewQueryId });
              dispatch({ type: 'updateTable', id: tableId, changes: { previewQueryId: null } });
              update({ southTab: 'results' });
            }}
            onOpenInNewTab={openInNewTab}
            onRemoveQuery={removeQuery}
            onCreateDataset={setDatasetQuery}
          />
        </div>
      </div>
      {estimateSql !== null && tab.dbId !== null && (
        <EstimateModal
          open
          onClose={() => setEstimateSql(null)}
          databaseId={tab.dbId}
          catalog={tab.catalog}
          schema={tab.schema}
          sql={estimateSql}
          templateParams={tab.templateParams}
        />
      )}
      <SaveQueryModal
        tab={tab}
        open={saving}
        onClose={() => setSaving(false)}
        onSaved={(savedQueryId, name) => update({ savedQueryId, name })}
      />
      {scheduling && <ScheduleQueryModal tab={tab} onClose={() => setScheduling(false)} />}
      <CreateDatasetModal
        query={datasetQuery}
        defaultName={`${tab.name} ${new Date().toISOString().slice(0, 19).replace('T', ' ')}`}
        onClose={() => setDatasetQuery(null)}
      />
    </Flex>
  );
}

/** Completion from what the browser knows: the schemas, the current schema's tables, and added tables' columns. */
function useCompletion(tab: EditorTab, schemas: string[], tableNames: string[], tables: TableSchema[]) {
  const metadata = useQueries({
    queries: tables.map((table) => ({
      queryKey: databaseKeys.metadata(table.dbId, table.schema, table.name),
      queryFn: () =>
        api.get<TableMetadataResponse>(
          `/api/v1/database/${table.dbId}/table_metadata/?${new URLSearchParams({ name: table.name, schema: table.schema })}`,
        ),
      retry: false,
    })),
  });
  // Plain strings as dependencies keep the editor from being reconfigured on every render.
  const columnsKey = JSON.stringify(
    tables.map((table, index) => [
      table.schema,
      table.name,
      metadata[index]?.data?.columns.map((column) => column.name) ?? [],
    ]),
  );
  const schemasKey = schemas.join('\n');
  const tablesKey = tableNames.join('\n');
  return useMemo(() => {
    const completion: Record<string, Record<string, readonly string[]>> = {};
    for (const schema of schemasKey ? schemasKey.split('\n') : []) completion[schema] = {};
    if (tab.schema) {
      const current: Record<string, readonly string[]> = {};
      for (const name of tablesKey ? tablesKey.split('\n') : []) current[name] = [];
      completion[tab.schema] = current;
    }
    for (const [schema, name, columns] of JSON.parse(columnsKey) as Array<[string, string, string[]]>) {
      completion[schema] = { ...(completion[schema] ?? {}), [name]: columns };
    }
    return completion;
  }, [schemasKey, tablesKey, columnsKey, tab.schema]);
}

/** The database's function names for completion; none while they load or when they can't be read. */
function useFunctionNames(dbId: number | null) {
  return useQuery({
    queryKey: ['databases', dbId, 'functionNames'],
    queryFn: () =>
      api
        .get<FunctionNamesResponse>(`/api/v1/database/${dbId}/function_names/`)
        .then((body) => body.function_names),
    enabled: dbId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
