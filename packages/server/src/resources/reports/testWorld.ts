import { encodeRison } from '@vitrina/common';
import { expect } from 'vitest';
import { createRole } from '../../testing/fixtures.ts';
import type { Headers, TestApp } from '../../testing/testApp.ts';
import { buildWorld, type Request, type World } from '../charts/testFixtures.ts';
import { createChart, createDashboard } from '../dashboards/testWorld.ts';

/** What the reports suites share: people with and without the ReportSchedule permission, charts and dashboards. */

export const URL = '/api/v1/report/';
export const q = (path: string, value: unknown) => `${path}?q=${encodeURIComponent(encodeRison(value))}`;

export interface ReportsWorld extends World {
  /** Alpha: all data, ReportSchedule read and write; sees every schedule. */
  alpha: Headers;
  /** Gamma with orders access and a role holding ReportSchedule: sees only their own schedules. */
  writer: Headers;
  otherWriter: Headers;
  ids: { alpha: number; writer: number; otherWriter: number; noEmail: number };
  noEmail: Headers;
  ordersChart: number;
  secretChart: number;
  publishedDashboard: number;
  draftDashboard: number;
}

export async function buildReportsWorld(harness: TestApp, request: Request): Promise<ReportsWorld> {
  const world = await buildWorld(harness);
  await createRole(harness, 'report_writer', [
    ['can_read', 'ReportSchedule'],
    ['can_write', 'ReportSchedule'],
  ]);
  const writerRoles = ['Gamma', 'orders_reader', 'report_writer'];
  const ids = {
    alpha: await harness.createUser({ username: 'rep_alpha', roles: ['Alpha'] }),
    writer: await harness.createUser({ username: 'rep_writer', roles: writerRoles }),
    otherWriter: await harness.createUser({ username: 'rep_other', roles: writerRoles }),
    noEmail: await harness.createUser({ username: 'rep_noemail', roles: writerRoles }),
  };
  await harness.ctx.metastore.db
    .updateTable('users')
    .set({ email: '' })
    .where('id', '=', ids.noEmail)
    .execute();
  return {
    ...world,
    alpha: await harness.bearer('rep_alpha', 'password123'),
    writer: await harness.bearer('rep_writer', 'password123'),
    otherWriter: await harness.bearer('rep_other', 'password123'),
    noEmail: await harness.bearer('rep_noemail', 'password123'),
    ids,
    ordersChart: await createChart(request, world.admin, world.ordersId, 'Orders by city'),
    secretChart: await createChart(request, world.admin, world.secretId, 'Secret numbers'),
    publishedDashboard: await createDashboard(request, world.admin, {
      dashboard_title: 'Sales',
      published: true,
    }),
    draftDashboard: await createDashboard(request, world.admin, {
      dashboard_title: 'Draft',
      published: false,
    }),
  };
}

/** A valid report body on a chart, sent from the Alerts & Reports list. */
export function reportBody(name: string, chart: number, extra: Record<string, unknown> = {}) {
  return {
    type: 'Report',
    name,
    crontab: '0 9 * * *',
    chart,
    recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.com' } }],
    ...extra,
  };
}

/** A valid alert body: a count over the world's database, firing above 10. */
export function alertBody(
  name: string,
  databaseId: number,
  chart: number,
  extra: Record<string, unknown> = {},
) {
  return {
    ...reportBody(name, chart),
    type: 'Alert',
    database: databaseId,
    sql: 'select count(*) from orders',
    validator_type: 'operator',
    validator_config_json: { op: '>', threshold: 10 },
    ...extra,
  };
}

export async function created(request: Request, headers: Headers, body: object): Promise<number> {
  const response = await request('POST', URL, headers, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as number;
}
