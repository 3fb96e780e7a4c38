import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const BIN = path.resolve(import.meta.dirname, '../bin/vitrina.mjs');

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, run: Run): Promise<Response> {
  for (;;) {
    try {
      return await fetch(url);
    } catch {
      if (run.child.exitCode !== null) throw new Error(`server exited: ${run.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

// Each case starts the real command, which loads the server's sources through tsx: on a loaded 2-core
// machine one start takes tens of seconds, so the cases get more than the suite's 30 s default.
describe('the vitrina command', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-cli-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'definitely not a url' }, 'DATABASE_URL'],
  ])('stops with one clear line for a bad %j', async (env, variable) => {
    const run = start(['serve'], { VITRINA_DATA_DIR: tempDir(), ...env });
    expect(await run.exited).toBe(2);
    const lines = run.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Configuration error: ${variable}: `));
  });

  it('serves, prints the URL and login, answers /health and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = tempDir();
    const run = start(['serve'], {
      VITRINA_DATA_DIR: dataDir,
      PORT: String(port),
      VITRINA_LOAD_EXAMPLES: 'false',
    });
    const health = await waitForHealth(`http://127.0.0.1:${port}/health`, run);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'OK' });
    expect(run.output()).toContain(`Vitrina is running at http://127.0.0.1:${port}/`);
    expect(run.output()).toContain('Log in as "admin" with password "admin"');
    expect(run.output()).toContain('WARNING: The admin password is the default one');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('SIGTERM received');
    // The metadata file was closed: SQLite removed its write-ahead log on close.
    expect(fs.existsSync(path.join(dataDir, 'vitrina.db'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'vitrina.db-wal'))).toBe(false);
  });

  it('upgrades the metadata store and creates an admin from the command line', async () => {
    const dataDir = tempDir();
    const upgrade = start(['db', 'upgrade'], { VITRINA_DATA_DIR: dataDir });
    expect(await upgrade.exited).toBe(0);
    expect(upgrade.output()).toContain('Metadata store is up to date');
    const create = start(['create-admin', '--username', 'ops', '--password', 'long-password'], {
      VITRINA_DATA_DIR: dataDir,
    });
    expect(await create.exited).toBe(0);
    expect(create.output()).toContain('Created admin "ops"');
    const again = start(['create-admin', '--username', 'ops', '--password', 'long-password'], {
      VITRINA_DATA_DIR: dataDir,
    });
    expect(await again.exited).toBe(1);
    expect(again.output()).toContain('User "ops" already exists');
  });

  it('refuses an unknown command with the usage', async () => {
    const run = start(['frobnicate'], { VITRINA_DATA_DIR: tempDir() });
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('Unknown command: frobnicate');
    expect(run.output()).toContain('Usage: vitrina <command>');
  });
});
