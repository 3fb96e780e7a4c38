import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig, redact } from './config.ts';
import type { AppContext } from './http/types.ts';
import { DataDirError } from './platform/dataDirCheck.ts';
import { applyHeapSizing } from './platform/heapSizing.ts';
import { BUILT_IN_METASTORE } from './platform/metastore/kinds.ts';
import type { RunningProcess } from './processes/runningProcess.ts';

// Each command imports what it runs when it runs: the HTTP app, the drivers and the processes take
// seconds to load, and a command that only reads the settings, prints the usage or upgrades the
// metadata store should not wait for them.
const startup = () => import('./startup.ts');

const USAGE = `Usage: vitrina <command>

  all            serve + worker + scheduler in one process (the default for npm start)
  serve          the HTTP server
  worker         runs background jobs from the queue
  scheduler      runs due schedules (one leader at a time)
  db upgrade     applies metadata migrations and syncs the built-in roles
  db backup F    writes a consistent copy of the metadata store to file F (while running)
  db restore F   puts backup F in place of the metadata store (stop every process first)
  load-examples  loads the example data (skipped when present)
  create-admin   --username U --password P [--email E] [--first-name F] [--last-name L]
`;

const console_ = {
  info: (message: string) => console.log(message),
  warn: (message: string) => console.warn(`WARNING: ${message}`),
  error: (message: string) => console.error(message),
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      return 2;
    }
    throw error;
  }
  applyHeapSizing(config.heapGrowingPercent);
  // Only `all` is alone on its data files; every other command runs beside other processes.
  config = { ...config, sharedDataFiles: command !== 'all' && command !== undefined };
  switch (command) {
    case 'all':
    case undefined:
      return runProcesses(config, { serve: true, worker: true, scheduler: true });
    case 'serve':
      return runProcesses(config, { serve: true, worker: false, scheduler: false });
    case 'worker':
      return runProcesses(config, { serve: false, worker: true, scheduler: false });
    case 'scheduler':
      return runProcesses(config, { serve: false, worker: false, scheduler: true });
    case 'db':
      if ((rest[0] === 'backup' || rest[0] === 'restore') && rest.length === 2) {
        return backupCommand(config, rest[0], rest[1] as string);
      }
      if (rest[0] !== 'upgrade') break;
      await (await (await import('./prepareMetastore.ts')).prepareMetastore(config)).close();
      console.log(
        `Metadata store is up to date (${config.databaseUrl ? redact(config.databaseUrl) : BUILT_IN_METASTORE})`,
      );
      return 0;
    case 'load-examples': {
      const { closeContext, loadExampleData, openContext } = await startup();
      const ctx = await openContext(config);
      try {
        await loadExampleData(ctx, console_, { force: true });
      } finally {
        await closeContext(ctx);
      }
      return 0;
    }
    case 'create-admin':
      return createAdminCommand(config, rest);
    case 'help':
    case '--help':
      console.log(USAGE);
      return 0;
  }
  console.error(`Unknown command: ${[command, ...rest].join(' ')}\n\n${USAGE}`);
  return 2;
}

async function backupCommand(config: Config, command: 'backup' | 'restore', file: string): Promise<number> {
  const { backupMetastore, restoreMetastore } = await import('./platform/metastore/backup.ts');
  try {
    const message =
      command === 'backup' ? await backupMetastore(config, file) : await restoreMetastore(config, file);
    console.log(message);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

async function createAdminCommand(config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  if (!values.username || !values.password) {
    console.error('create-admin needs --username and --password');
    return 2;
  }
  const [{ prepareMetastore }, { createAdmin }] = await Promise.all([
    import('./prepareMetastore.ts'),
    import('./security/admin.ts'),
  ]);
  const metastore = await prepareMetastore(config);
  try {
    const outcome = await createAdmin(
      metastore.db,
      {
        username: values.username,
        password: values.password,
        ...(values.email && { email: values.email }),
        ...(values['first-name'] && { firstName: values['first-name'] }),
        ...(values['last-name'] && { lastName: values['last-name'] }),
      },
      { onlyIfNoUsers: false },
    );
    console.log(
      outcome === 'created'
        ? `Created admin "${values.username}"`
        : `User "${values.username}" already exists`,
    );
    return outcome === 'created' ? 0 : 1;
  } finally {
    await metastore.close();
  }
}

/** Runs the chosen processes (serve, worker, scheduler) in this one until SIGINT or SIGTERM. */
async function runProcesses(
  config: Config,
  processes: { serve: boolean; worker: boolean; scheduler: boolean },
): Promise<number> {
  const { closeContext, ensureFirstAdmin, loadExampleData, openContext } = await startup();
  const ctx: AppContext = await openContext(config);
  const running: RunningProcess[] = [];
  let stopApp: (() => Promise<void>) | null = null;

  if (processes.serve) {
    const defaultPasswordAdmins = await ensureFirstAdmin(ctx, console_);
    const { buildApp } = await import('./app.ts');
    const app = await buildApp(ctx);
    await app.listen({ host: config.host, port: config.port });
    stopApp = async () => {
      // Requests in flight finish; a keep-alive connection is closed as soon as it falls idle, so a
      // client that keeps one open does not hold the exit back for the keep-alive timeout.
      const idle = setInterval(() => app.server.closeIdleConnections(), 200);
      try {
        await app.close();
      } finally {
        clearInterval(idle);
      }
    };
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}/`;
    console.log(`\nVitrina is running at ${url}`);
    console.log(
      `Log in as "${config.adminUsername}"${defaultPasswordAdmins.includes(config.adminUsername) ? ' with password "admin"' : ''}.\n`,
    );
    if (!config.webDistDir) console.warn('WARNING: no web bundle; only the API is served.');
    // After listening, so /health answers while a first start loads the examples.
    loadExampleData(ctx, app.log).catch((error: unknown) =>
      app.log.error({ err: error }, 'Loading the example data failed'),
    );
  }
  if (config.metrics.port !== null) {
    // Worker and scheduler serve no HTTP: this listener is how they are scraped (docs/decisions.md).
    const { startMetricsListener } = await import('./processes/metricsListener.ts');
    const listener = await startMetricsListener(ctx.metrics, {
      ...config.metrics,
      port: config.metrics.port,
    });
    running.push(listener);
    console.log(`Metrics at http://${config.metrics.host}:${listener.port}/metrics`);
  }
  if (processes.worker) {
    const { startWorker } = await import('./processes/worker.ts');
    // One line per job is information: LOG_LEVEL above info (warn, error…) keeps only the failures.
    const quiet = ['fatal', 'error', 'warn', 'silent'].includes(config.logLevel);
    running.push(startWorker(ctx, quiet ? { info: () => {}, error: console_.error } : console_));
  }
  if (processes.scheduler) {
    const { startScheduler } = await import('./processes/scheduler.ts');
    running.push(startScheduler(ctx, console_, { lockMs: config.locks.schedulerSeconds * 1000 }));
  }

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${signal} received: finishing in-flight work and stopping`);
      // The HTTP server first: in-flight requests finish, new connections are refused.
      await stopApp?.();
      await Promise.all(running.map((started) => started.stop()));
      await closeContext(ctx);
      resolve(0);
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A data dir that cannot be written is the operator's to fix: one line, no stack trace.
    if (error instanceof DataDirError) {
      console.error(`Start-up error: ${error.message}`);
      process.exit(1);
    }
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
