import {
  type DashboardChartDto,
  deleteComponent,
  dropComponent,
  type LayoutMessage,
  resizeComponent,
  updateComponentMeta,
} from '@vitrina/common';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../../components/index.ts';
import { fetchChartDefinition } from '../api.ts';
import { useDashboardContext } from '../context.ts';
import { type EditActions, EditActionsContext } from './editActions.ts';
import { isTextField, undoKeyAction } from './undoKeys.ts';
import { useDashboardLeaveGuard } from './useDashboardLeaveGuard.ts';

interface EditingProviderProps {
  /** Charts known to the page (the dashboard's and those added in this session). */
  knownChart: (chartId: number) => DashboardChartDto | undefined;
  onChartAdded: (chart: DashboardChartDto) => void;
  children: ReactNode;
}

/**
 * The edit session's actions: every layout change is a common layout operation whose result goes to
 * the session reducer; refusals and warnings become warning toasts. Also the undo keys (in edit mode),
 * the undo limit warning, and the question before leaving with unsaved changes.
 */
export function EditingProvider({ knownChart, onChartAdded, children }: EditingProviderProps) {
  const { t } = useTranslation();
  const { session, dispatch } = useDashboardContext();
  const { addWarningToast, addDangerToast } = useToasts();
  const layout = useRef(session.layout);
  layout.current = session.layout;
  const known = useRef(knownChart);
  known.current = knownChart;

  const actions = useMemo<EditActions>(() => {
    const warn = (message: LayoutMessage) => addWarningToast(t(message.key, { defaultValue: message.text }));
    return {
      warn,
      chartAdded: onChartAdded,
      drop: async (dragging, destination) => {
        const { chartId, ...component } = dragging;
        if (chartId !== undefined && !known.current(chartId)) {
          try {
            onChartAdded(await fetchChartDefinition(chartId));
          } catch {
            addDangerToast(t('dashboardEdit.messages.noChartDefinition'));
            return;
          }
        }
        const result = dropComponent(layout.current, { dragging: component, destination });
        if (!result.ok) {
          warn(result.message);
          return;
        }
        dispatch({ type: 'layout', layout: result.layout });
        for (const warning of result.warnings) warn(warning);
      },
      remove: (id) => dispatch({ type: 'layout', layout: deleteComponent(layout.current, id) }),
      resize: (id, size) => dispatch({ type: 'layout', layout: resizeComponent(layout.current, id, size) }),
      updateMeta: (id, meta) =>
        dispatch({ type: 'layout', layout: updateComponentMeta(layout.current, id, meta) }),
    };
  }, [addWarningToast, addDangerToast, dispatch, onChartAdded, t]);

  useEffect(() => {
    if (!session.editing) return;
    const onKey = (event: KeyboardEvent) => {
      const action = undoKeyAction(event);
      if (!action || isTextField(event.target)) return;
      event.preventDefault();
      dispatch({ type: action });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch, session.editing]);

  // The spec's warning shows once, when the history first drops its oldest state.
  useEffect(() => {
    if (session.historyOverflowed) addWarningToast(t('dashboardEdit.messages.undoLimit'));
  }, [session.historyOverflowed, addWarningToast, t]);

  useDashboardLeaveGuard(session.unsaved);

  return <EditActionsContext.Provider value={actions}>{children}</EditActionsContext.Provider>;
}
