import type { ChartWriteRequest } from '@vitrina/common';
import { describe, expect, it, vi } from 'vitest';
import { barPlugin, dataset } from '../testing/fixtures.ts';
import { type SaveApi, saveChart } from './saveChart.ts';

const formData = { datasource: '7__table', viz_type: 'echarts_timeseries_bar' as const, metrics: ['count'] };

function fakeApi() {
  const calls: string[] = [];
  const payloads: ChartWriteRequest[] = [];
  const client: SaveApi = {
    createDashboard: vi.fn(async (title: string) => {
      calls.push(`dashboard:${title}`);
      return { id: 40 };
    }),
    createChart: vi.fn(async (payload: ChartWriteRequest) => {
      calls.push('create');
      payloads.push(payload);
      return { id: 21 };
    }),
    updateChart: vi.fn(async (id: number, payload: ChartWriteRequest) => {
      calls.push(`update:${id}`);
      payloads.push(payload);
      return { id };
    }),
  };
  return { client, calls, payloads };
}

const input = {
  formData,
  dataset,
  plugin: barPlugin,
  overwrite: { id: 12, formData: {}, dashboards: [3] },
  current: { sliceName: 'Old', sliceNameRu: 'Старый' },
  language: 'en',
};

describe('saveChart', () => {
  it('creates a typed dashboard first, then the chart in it, and says both', async () => {
    const { client, calls, payloads } = fakeApi();
    const outcome = await saveChart(
      { action: 'saveas', sliceName: ' Orders ', dashboard: { kind: 'new', title: ' Sales ' } },
      input,
      client,
    );
    expect(calls).toEqual(['dashboard:Sales', 'create']);
    expect(payloads[0]).toMatchObject({ slice_name: 'Orders', dashboards: [40] });
    expect(outcome).toEqual({
      sliceId: 21,
      titles: { sliceName: 'Orders', sliceNameRu: null },
      dashboard: { id: 40, title: 'Sales' },
      toasts: [
        { key: 'explore.save.toastSaved', params: { name: 'Orders' } },
        { key: 'explore.save.toastDashboardCreated', params: { dashboard: 'Sales', name: 'Orders' } },
      ],
    });
  });

  it('in Russian, overwriting sends the typed name as the Russian title only', async () => {
    const { client, payloads } = fakeApi();
    await saveChart(
      { action: 'overwrite', sliceName: 'Новый', dashboard: null },
      { ...input, language: 'ru' },
      client,
    );
    expect(payloads[0]).toMatchObject({ slice_name: 'Old', slice_name_ru: 'Новый' });
  });

  it('overwrites the saved chart, adding it to an existing dashboard', async () => {
    const { client, calls, payloads } = fakeApi();
    const outcome = await saveChart(
      { action: 'overwrite', sliceName: 'Orders', dashboard: { kind: 'existing', id: 5, title: 'Ops' } },
      input,
      client,
    );
    expect(calls).toEqual(['update:12']);
    expect(payloads[0]?.dashboards).toEqual([3, 5]);
    expect(outcome.toasts).toEqual([
      { key: 'explore.save.toastOverwritten', params: { name: 'Orders' } },
      { key: 'explore.save.toastAddedToDashboard', params: { dashboard: 'Ops', name: 'Orders' } },
    ]);
  });

  it('saves as a new chart without dashboards when none is chosen', async () => {
    const { client, payloads } = fakeApi();
    const outcome = await saveChart({ action: 'saveas', sliceName: 'Copy', dashboard: null }, input, client);
    expect(payloads[0]?.dashboards).toEqual([]);
    expect(outcome).toMatchObject({ sliceId: 21, dashboard: null });
    expect(outcome.toasts).toHaveLength(1);
  });

  it('does not create the chart when the dashboard cannot be created', async () => {
    const { client } = fakeApi();
    client.createDashboard = vi.fn(async () => {
      throw new Error('422');
    });
    await expect(
      saveChart({ action: 'saveas', sliceName: 'X', dashboard: { kind: 'new', title: 'D' } }, input, client),
    ).rejects.toThrow('422');
    expect(client.createChart).not.toHaveBeenCalled();
  });
});
