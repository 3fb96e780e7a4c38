import { useQueryClient } from '@tanstack/react-query';
import type { ControlConfig, ExploreResponse, VizType } from '@vitrina/common';
import { CHART_PLUGINS } from '@vitrina/common/viz/registry';
import { Alert, Flex } from 'antd';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isAdmin } from '../../api/access.ts';
import { useCurrentUser, useCurrentUserRoles } from '../../api/me.ts';
import { logEvent, useEventSource } from '../../app/eventLog/index.ts';
import { localizedName, useToasts } from '../../components/index.ts';
import { toDatasourceMeta } from '../../viz/index.ts';
import { ChartPane } from './chart/ChartPane.tsx';
import { ControlPanel } from './controlPanel/ControlPanel.tsx';
import { DatasourcePanel } from './datasource/DatasourcePanel.tsx';
import { sliceExploreUrl } from './entry.ts';
import { VizTypePicker } from './gallery/VizTypeGallery.tsx';
import { explorePermissions } from './permissions.ts';
import { PropertiesModal } from './properties/PropertiesModal.tsx';
import { SaveModal } from './save/SaveModal.tsx';
import { type SaveRequest, saveChart } from './save/saveChart.ts';
import { formDataForSave } from './save/savePayload.ts';
import { exploreReducer } from './state/exploreReducer.ts';
import type { ExploreDefaults } from './state/formData.ts';
import { openExplore } from './state/opening.ts';
import { hasControlErrors, validateControls } from './state/validation.ts';
import { useLeaveGuard } from './useLeaveGuard.ts';

const pluginOf = (vizType: VizType) => CHART_PLUGINS[vizType];

/** The window less the app header (64 px) and the page's padding (2 × 24 px); never squeezed flat. */
const EXPLORE_SCREEN_STYLE = { height: 'calc(100vh - 112px)', minHeight: 480 } as const;
const SCROLLING_COLUMN = { overflowY: 'auto', minHeight: 0 } as const;

export function dashboardUrl(id: number): string {
  return `/superset/dashboard/${id}/`;
}

interface ExploreScreenProps {
  response: ExploreResponse;
  /** The chart type the URL asked for. */
  requestedVizType: string | null;
  /** Keeps this screen (and its draft) when its own save moves the URL to the saved chart. */
  sessionKey: string;
  /** What a new chart starts with (the server's DEFAULT_VIZ_TYPE and DEFAULT_TIME_FILTER). */
  defaults?: ExploreDefaults;
}

/** Explore: the dataset panel, the chart type and its controls, and the chart. */
export function ExploreScreen({ response, requestedVizType, sessionKey, defaults }: ExploreScreenProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { addSuccessToast } = useToasts();
  const user = useCurrentUser();
  const roles = useCurrentUserRoles();
  const dataset = response.dataset;

  const [opening] = useState(() => openExplore(response, requestedVizType, pluginOf, defaults));
  const [state, dispatch] = useReducer(exploreReducer, opening.state);
  const [sliceNameRu, setSliceNameRu] = useState(opening.sliceNameRu);
  const [saving, setSaving] = useState(false);
  const [editingProperties, setEditingProperties] = useState(false);

  const plugin = CHART_PLUGINS[state.formData.viz_type];
  const panel = plugin.controlPanel;
  const errors = useMemo(() => validateControls(state.formData, panel), [state.formData, panel]);
  const datasource = useMemo(() => toDatasourceMeta(dataset, i18n.language), [dataset, i18n.language]);
  const permissions = explorePermissions(roles.data?.roles, user.data?.id, state.slice?.owners ?? null);
  const { allowNavigation } = useLeaveGuard(state.dirty);

  const sliceId = state.slice?.id ?? 0;
  useEventSource({ source: 'explore', source_id: sliceId, slice_id: sliceId });
  const explorerLogged = useRef(false);
  useEffect(() => {
    if (explorerLogged.current) return;
    explorerLogged.current = true;
    logEvent('mount_explorer', {
      slice_id: opening.state.slice?.id ?? 0,
      viz_type: opening.state.formData.viz_type,
    });
  }, [opening]);

  // A chart that can run draws at once when explore opens, as Superset does.
  const autoRun = useRef(false);
  useEffect(() => {
    if (autoRun.current) return;
    autoRun.current = true;
    if (
      !hasControlErrors(
        validateControls(opening.state.formData, pluginOf(opening.state.formData.viz_type).controlPanel),
      )
    )
      dispatch({ type: 'run' });
  }, [opening]);

  const displayName =
    state.sliceName === state.baseline.sliceName
      ? localizedName(state.sliceName, sliceNameRu, i18n.language)
      : state.sliceName;
  useEffect(() => {
    document.title = `${displayName || t('explore.title')} · Vitrina`;
  }, [displayName, t]);

  const onControlChange = useCallback(
    (control: ControlConfig, value: unknown) => dispatch({ type: 'setControl', control, value }),
    [],
  );

  const onSave = async (request: SaveRequest, goToDashboard: boolean) => {
    const overwrite = state.slice
      ? { id: state.slice.id, formData: state.slice.formData, dashboards: state.slice.dashboards }
      : null;
    const outcome = await saveChart(request, {
      formData: state.formData,
      dataset,
      plugin,
      overwrite,
      current: { sliceName: state.sliceName, sliceNameRu },
      language: i18n.language,
    });
    const dashboards = new Set(request.action === 'overwrite' ? (state.slice?.dashboards ?? []) : []);
    if (outcome.dashboard) dashboards.add(outcome.dashboard.id);
    dispatch({
      type: 'saved',
      sliceName: outcome.titles.sliceName,
      slice: {
        id: outcome.sliceId,
        owners:
          request.action === 'overwrite' && state.slice
            ? state.slice.owners
            : user.data
              ? [user.data.id]
              : [],
        dashboards: [...dashboards],
        formData: formDataForSave(state.formData, {
          sliceId: outcome.sliceId,
          savedFormData: state.slice?.formData ?? null,
        }),
      },
    });
    if (outcome.titles.sliceNameRu !== undefined) setSliceNameRu(outcome.titles.sliceNameRu);
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === 'charts' || query.queryKey[0] === 'dashboards',
    });
    const dashboard = outcome.dashboard;
    outcome.toasts.forEach((toast, index) => {
      const last = index === outcome.toasts.length - 1;
      addSuccessToast(
        t(toast.key, toast.params),
        dashboard && last && !goToDashboard
          ? {
              action: {
                label: t('explore.save.goToDashboard'),
                onClick: () => void navigate(dashboardUrl(dashboard.id)),
              },
            }
          : {},
      );
    });
    setSaving(false);
    allowNavigation();
    if (goToDashboard && dashboard) void navigate(dashboardUrl(dashboard.id));
    else
      void navigate(sliceExploreUrl(outcome.sliceId), {
        replace: true,
        state: { exploreSession: sessionKey },
      });
  };

  const notices = (
    <>
      {opening.unknownVizType && (
        <Alert
          type="warning"
          showIcon
          title={t('explore.unknownVizType', { name: opening.unknownVizType })}
        />
      )}
      {response.message && <Alert type="info" showIcon title={response.message} />}
    </>
  );

  return (
    // The screen fits the window (below the 64 px header, inside the page's 24 px padding) and each
    // column scrolls on its own, as in Superset: the chart stays in view while lower controls change.
    <Flex gap={16} align="stretch" style={EXPLORE_SCREEN_STYLE} className="explore-screen">
      <div
        data-test="explore-datasource-column"
        style={{
          ...SCROLLING_COLUMN,
          width: 240,
          flex: 'none',
          background: 'var(--ant-color-bg-container)',
          padding: 12,
          borderRadius: 8,
        }}
      >
        <DatasourcePanel dataset={dataset} />
      </div>
      <Flex
        vertical
        gap={12}
        data-test="explore-controls-column"
        style={{
          ...SCROLLING_COLUMN,
          width: 340,
          flex: 'none',
          background: 'var(--ant-color-bg-container)',
          padding: 12,
          borderRadius: 8,
        }}
        aria-label={t('explore.controls.title')}
      >
        <VizTypePicker
          vizType={state.formData.viz_type}
          onChange={(vizType) => dispatch({ type: 'setVizType', plugin: pluginOf(vizType), dataset })}
        />
        <ControlPanel
          key={state.formData.viz_type}
          panel={panel}
          formData={state.formData}
          dataset={dataset}
          errors={errors}
          onChange={onControlChange}
        />
      </Flex>
      <div
        data-test="explore-chart-column"
        style={{
          ...SCROLLING_COLUMN,
          flex: 1,
          minWidth: 0,
          background: 'var(--ant-color-bg-container)',
          padding: 12,
          borderRadius: 8,
        }}
      >
        <ChartPane
          state={state}
          dispatch={dispatch}
          plugin={plugin}
          panel={panel}
          errors={errors}
          dataset={dataset}
          datasource={datasource}
          permissions={permissions}
          displayName={displayName}
          notices={notices}
          onSave={() => setSaving(true)}
          onEditProperties={() => setEditingProperties(true)}
        />
      </div>
      {saving && (
        <SaveModal
          sliceName={displayName}
          hasSlice={state.slice !== null}
          canOverwrite={permissions.canOverwrite}
          dashboardOwnerId={roles.data && isAdmin(roles.data.roles) ? null : (user.data?.id ?? null)}
          userName={user.data?.username ?? ''}
          onSave={onSave}
          onClose={() => setSaving(false)}
        />
      )}
      {editingProperties && state.slice && (
        <PropertiesModal
          sliceId={state.slice.id}
          onClose={() => setEditingProperties(false)}
          onSaved={({ sliceName, sliceNameRu: ru, owners }) => {
            setSliceNameRu(ru);
            dispatch({ type: 'propertiesSaved', sliceName, owners });
          }}
        />
      )}
    </Flex>
  );
}
