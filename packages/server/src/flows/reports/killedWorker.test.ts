import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { WORKING_TIMEOUT_MESSAGE } from '@vitrina/common/reports/states';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { JsonValue } from '../../platform/json.ts';
import { serviceAvailable } from '../../testing/services.ts';
import { useSharedStores } from '../../testing/sharedStores.ts';
import { REPORTS_QUEUE, type ReportJobPayload, reportJobId } from './scheduling.ts';
import { sweepStuckReportRuns } from './sweep.ts';
import {
  buildReportsWorld,
  closeReportsWorld,
  insertChartReport,
  logRows,
  type ReportsFlowWorld,
  scheduleRow,
} from './testWorld.ts';

const hasServices = (await serviceAvailable('postgres')) && (await serviceAvailable('redis'));

const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');
const WORKER_ENTRY = path.join(SERVER_DIR, 'src/testing/workerProcess.ts');

/**
 * A mail server that accepts connections and never greets: a report run that reaches it waits there,
 * Working, until its process is killed. `connected` settles when the first client arrives.
 */
async function startSilentMailServer() {
  const sockets: net.Socket[] = [];
  let onConnection: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => {
    onConnection = resolve;
  });
  const server = net.createServer((socket) => {
    sockets.push(socket);
    onConnection();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connected,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A worker is a separate process in a scaled-out installation; one killed mid-run (OOM, SIGKILL, a
 * lost machine) writes nothing more. Its run must not stay Working: the scheduler's sweep ends it.
 */
describe.skipIf(!hasServices)('a report worker killed mid-run', { timeout: 120_000 }, () => {
  const stores = useSharedStores('killed');
  let world: ReportsFlowWorld;
  let mailServer: Awaited<ReturnType<typeof startSilentMailServer>>;

  beforeAll(async () => {
    mailServer = await startSilentMailServer();
    world = await buildReportsWorld(stores().appOptions);
  });
  afterAll(async () => {
    await closeReportsWorld(world);
    await mailServer?.close();
  });

  it('leaves a Working row that the sweep turns into the working-timeout Error', async () => {
    const { harness } = world;
    const workingTimeout = 60;
    const id = await insertChartReport(world, {
      name: 'Never delivered',
      report_format: 'CSV',
      working_timeout: workingTimeout,
      recipients: ['lost@example.com'],
    });
    const scheduled = new Date('2026-01-05T09:00:00Z');
    const payload: ReportJobPayload = { report_id: id, scheduled: scheduled.toISOString() };
    await harness.ctx.platform.queue.enqueue(REPORTS_QUEUE, payload as unknown as JsonValue, {
      jobId: reportJobId(id, scheduled),
    });

    const child = spawn(process.execPath, ['--import', 'tsx', WORKER_ENTRY], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'silent',
        VITRINA_DATA_DIR: harness.ctx.config.dataDir,
        DATABASE_URL: stores().databaseUrl,
        REDIS_URL: stores().redisUrl,
        VITRINA_TEST_REDIS_PREFIX: stores().keyPrefix,
        SMTP_URL: mailServer.url,
        VITRINA_SECRET_KEY: harness.ctx.secretKey,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Should an assertion fail before the kill, the worker must not outlive the test.
    onTestFinished(() => void child.kill('SIGKILL'));
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk;
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    // The run connects to the mail server once it has recorded Working and rendered the chart.
    const outcome = await Promise.race([
      mailServer.connected.then(() => 'sending' as const),
      exited.then(() => 'exited' as const),
    ]);
    expect(outcome, output).toBe('sending');
    expect((await logRows(harness, id)).map((row) => row.state)).toEqual(['Working']);

    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // Nothing else wrote for it: the row stays Working until the sweep passes its timeout.
    const [working] = await logRows(harness, id);
    expect([working?.state, (await scheduleRow(harness, id)).last_state]).toEqual(['Working', 'Working']);
    const timesOut = Date.parse(working?.end_dttm ?? '') + workingTimeout * 1000;
    expect(await sweepStuckReportRuns(harness.ctx, new Date(timesOut - 1))).toBe(0);
    expect(await sweepStuckReportRuns(harness.ctx, new Date(timesOut + 1))).toBe(1);

    expect((await logRows(harness, id)).map((row) => [row.state, row.error_message])).toEqual([
      ['Error', WORKING_TIMEOUT_MESSAGE],
    ]);
    expect((await scheduleRow(harness, id)).last_state).toBe('Error');
  });
});
