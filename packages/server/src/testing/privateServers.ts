import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../drivers/testPorts.ts';

/**
 * A Redis and a PostgreSQL of the test's own, on free ports, that the test may stop and start: fault
 * tests must never stop the machine's shared services. Needs redis-server, initdb and pg_ctl on PATH;
 * with CI=true a missing one fails the suite instead of skipping it.
 */

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, command)));
}

/** True when the commands exist; in CI their absence throws, elsewhere one line says what is skipped. */
export function serverCommandsAvailable(commands: string[]): boolean {
  const missing = commands.filter((command) => !onPath(command));
  if (missing.length === 0) return true;
  const message = `${missing.join(', ')} not on PATH`;
  if (process.env.CI === 'true') throw new Error(`${message}, and CI=true requires them`);
  console.warn(`[tests] ${message}: fault tests that need them are skipped on this machine`);
  return false;
}

/** Resolves once something accepts connections on the port (or throws after `ms`). */
export async function waitForPort(port: number, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface PrivateServer {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  close(): Promise<void>;
}

/** A redis-server without persistence: a restart loses its keys, the worst case for what lives there. */
export async function startPrivateRedis(): Promise<PrivateServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitForPort(port);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop, close: stop };
}

/** PostgreSQL refuses to run as root: as root its commands run as the `postgres` user. */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function runPostgresCommand(command: string, args: string[]): void {
  const [file, argv] = asPostgresUser(command, args);
  execFileSync(file, argv, { stdio: 'pipe' });
}

/** A PostgreSQL cluster of its own (trust authentication, user postgres); `url` names its postgres db. */
export async function startPrivatePostgres(): Promise<PrivateServer & { restart(): Promise<void> }> {
  const port = await freePort();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-fault-pg-'));
  const dataDir = path.join(root, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', root]);
  runPostgresCommand('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    runPostgresCommand('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(root, 'log'), '-w', 'start']);
    await waitForPort(port);
  };
  // Fast mode: open sessions are ended at once, as a restart or failover does to a running server.
  const stop = async () => {
    runPostgresCommand('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    close: async () => {
      try {
        await stop();
      } catch {
        // already stopped
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
