/**
 * The save flow of explore's save modal: create the new dashboard first when one was typed, then
 * create or overwrite the chart with that dashboard in its `dashboards`, and say what happened with
 * the spec's toasts.
 */
import type { ChartWriteRequest, ItemResponse } from '@vitrina/common';
import { api } from '../../../api/client.ts';
import { createDashboard } from '../../../api/explore.ts';
import { type ChartTitles, type TitlesToSave, titlesToSave } from './chartNames.ts';
import { buildChartPayload, type SaveChartInput } from './savePayload.ts';

const CHARTS_PATH = '/api/v1/chart/';

export type DashboardChoice =
  | { kind: 'existing'; id: number; title: string }
  | { kind: 'new'; title: string };

export interface SaveRequest {
  action: 'overwrite' | 'saveas';
  sliceName: string;
  dashboard: DashboardChoice | null;
}

/** A toast as data: its i18n key and values. */
export interface ToastMessage {
  key: string;
  params: Record<string, string>;
}

export interface SaveOutcome {
  sliceId: number;
  /** The titles written (`sliceNameRu` undefined: the stored Russian title was left as it was). */
  titles: TitlesToSave;
  dashboard: { id: number; title: string } | null;
  toasts: ToastMessage[];
}

export interface SaveApi {
  createDashboard: (title: string) => Promise<{ id: number }>;
  createChart: (payload: ChartWriteRequest) => Promise<{ id: number }>;
  updateChart: (id: number, payload: ChartWriteRequest) => Promise<{ id: number }>;
}

export const saveApi: SaveApi = {
  createDashboard: (title) => createDashboard(title).then((body) => ({ id: Number(body.id) })),
  createChart: (payload) =>
    api.post<ItemResponse<unknown>>(CHARTS_PATH, payload).then((body) => ({ id: Number(body.id) })),
  updateChart: (id, payload) =>
    api
      .put<ItemResponse<unknown>>(`${CHARTS_PATH}${id}`, payload)
      .then((body) => ({ id: Number(body.id ?? id) })),
};

/** The spec's success toasts for a save, in the order they are shown. */
export function saveToasts(
  action: SaveRequest['action'],
  sliceName: string,
  dashboard: { title: string; created: boolean } | null,
): ToastMessage[] {
  const toasts: ToastMessage[] = [
    {
      key: action === 'overwrite' ? 'explore.save.toastOverwritten' : 'explore.save.toastSaved',
      params: { name: sliceName },
    },
  ];
  if (dashboard) {
    toasts.push(
      dashboard.created
        ? {
            key: 'explore.save.toastDashboardCreated',
            params: { dashboard: dashboard.title, name: sliceName },
          }
        : {
            key: 'explore.save.toastAddedToDashboard',
            params: { dashboard: dashboard.title, name: sliceName },
          },
    );
  }
  return toasts;
}

export async function saveChart(
  request: SaveRequest,
  input: Omit<SaveChartInput, 'sliceName' | 'sliceNameRu' | 'dashboardId'> & {
    /** The open chart's titles, and the UI language the name field was typed in. */
    current: ChartTitles;
    language: string;
  },
  client: SaveApi = saveApi,
): Promise<SaveOutcome> {
  const sliceName = request.sliceName.trim();
  const titles = titlesToSave(request.action, sliceName, input.current, input.language);
  let dashboard: { id: number; title: string; created: boolean } | null = null;
  if (request.dashboard?.kind === 'new') {
    const title = request.dashboard.title.trim();
    dashboard = { id: (await client.createDashboard(title)).id, title, created: true };
  } else if (request.dashboard?.kind === 'existing') {
    dashboard = { id: request.dashboard.id, title: request.dashboard.title, created: false };
  }

  const overwrite = request.action === 'overwrite' ? input.overwrite : null;
  if (request.action === 'overwrite' && !overwrite) throw new Error('There is no saved chart to overwrite');
  const payload = buildChartPayload({
    ...input,
    overwrite,
    sliceName: titles.sliceName,
    sliceNameRu: titles.sliceNameRu,
    dashboardId: dashboard?.id ?? null,
  });
  const saved = overwrite
    ? await client.updateChart(overwrite.id, payload)
    : await client.createChart(payload);

  return {
    sliceId: saved.id,
    titles,
    dashboard: dashboard ? { id: dashboard.id, title: dashboard.title } : null,
    toasts: saveToasts(request.action, sliceName, dashboard),
  };
}
