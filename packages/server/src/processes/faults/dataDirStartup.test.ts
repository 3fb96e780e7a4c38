import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../drivers/testPorts.ts';
import { WRITE_CHECK_FILE } from '../../platform/dataDirCheck.ts';

const BIN = path.resolve(import.meta.dirname, '../../../bin/vitrina.mjs');

// Root writes through any mode bits, so as root the server runs as `nobody`, as a production service
// runs under its own account; otherwise as the test's user.
const AS_ROOT = process.getuid?.() === 0;
const NOBODY = 65534;

/** Runs `vitrina serve` until it exits and answers its exit code and everything it printed. */
async function serve(dataDir: string): Promise<{ code: number | null; output: string }> {
  // It stops before listening; a free port only keeps a mistake from meeting another server.
  const port = String(await freePort());
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', PORT: port, VITRINA_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(AS_ROOT && { uid: NOBODY, gid: NOBODY }),
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('a data dir that cannot be written at start-up', { timeout: 120_000 }, () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-fault-datadir-'));
  // The test's own dir must be reachable by the server's user.
  fs.chmodSync(root, 0o755);
  afterAll(() => {
    fs.chmodSync(root, 0o755);
    for (const entry of fs.readdirSync(root)) fs.chmodSync(path.join(root, entry), 0o755);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('stops with one clear line when the data dir is read-only', async () => {
    // A data dir owned by another account (as root: root's, the server being nobody), or one inside a
    // read-only folder: either way this user can neither create it nor make it its own.
    const dataDir = AS_ROOT ? path.join(root, 'readonly') : path.join(root, 'locked', 'var');
    fs.mkdirSync(AS_ROOT ? dataDir : path.dirname(dataDir), { mode: 0o555 });
    fs.chmodSync(AS_ROOT ? dataDir : path.dirname(dataDir), 0o555);

    const { code, output } = await serve(dataDir);
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^Start-up error: the data directory ${dataDir} is not writable by this user \\((EACCES|EPERM)`,
      ),
    );
    expect(fs.readdirSync(AS_ROOT ? dataDir : path.dirname(dataDir))).toEqual([]);
  });

  it('stops with one clear line when the disk is full', async () => {
    // /dev/full answers every write with ENOSPC: the start-up write check lands on it, as it would
    // on a full disk (a real full filesystem needs a mount this test cannot make).
    const dataDir = path.join(root, 'full');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    if (AS_ROOT) fs.chownSync(dataDir, NOBODY, NOBODY);
    fs.symlinkSync('/dev/full', path.join(dataDir, WRITE_CHECK_FILE));

    const { code, output } = await serve(dataDir);
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^Start-up error: the disk of the data directory ${dataDir} is full \\(ENOSPC`),
    );
    // Nothing was written before the check: no secret key, no metastore.
    expect(fs.readdirSync(dataDir).sort()).toEqual(['files']);
  });
});
